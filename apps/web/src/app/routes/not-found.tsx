import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Any path the app does not know. */
export function Component() {
  return (
    <Stack gap="xs">
      <Title order={2}>Page not found</Title>
      <Text>There is no page at this address.</Text>
      <Anchor component={Link} to={paths.home.getHref()}>
        Go to the home page
      </Anchor>
    </Stack>
  );
}
