import { Anchor, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** When a page fails to load or render (a chunk that did not arrive after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <Stack gap="sm" p="md">
      <Title order={2}>Something went wrong</Title>
      <Text role="alert">Error: {message}</Text>
      {/* A full page load: a chunk that failed to arrive (after a deploy) is fetched anew. */}
      <Anchor href={paths.home.getHref()}>Go to the home page</Anchor>
    </Stack>
  );
}
