import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

/** Any path the app does not know. */
export function Component() {
  const t = useT();
  usePageTitle('page.notFound');
  return (
    <Stack gap="xs">
      <Title order={2}>{t('notFound.title')}</Title>
      <Text>{t('notFound.body')}</Text>
      <Anchor component={Link} to={paths.home.getHref()}>
        {t('common.goHome')}
      </Anchor>
    </Stack>
  );
}
