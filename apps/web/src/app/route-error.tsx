import { Anchor, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

/** When a page fails to load or render (a chunk that did not arrive after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? errorText(error)
      : t('routeError.fallback');
  return (
    <Stack gap="sm" p="md">
      <Title order={2}>{t('routeError.title')}</Title>
      <Text role="alert">{t('common.error', { message })}</Text>
      {/* A full page load: a chunk that failed to arrive (after a deploy) is fetched anew. */}
      <Anchor href={paths.home.getHref()}>{t('common.goHome')}</Anchor>
    </Stack>
  );
}
