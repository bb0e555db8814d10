import { Stack, Text, Title } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';

const ADMINS = ['admin'] as const;

/** /users: admins only; everyone else goes to /home (spec §2, §6). Placeholder for now. */
export function Component() {
  return (
    <RequireAuth
      signedOutTo={paths.home.getHref()}
      roles={ADMINS}
      forbiddenTo={paths.home.getHref()}
    >
      <Stack gap="xs">
        <Title order={2}>Users</Title>
        <Text>The users list arrives in the next release.</Text>
      </Stack>
    </RequireAuth>
  );
}
