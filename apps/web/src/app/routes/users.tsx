import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RequireAdmin } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { UsersTable } from '@/features/users/components/users-table';

/** /users: admins only; everyone else goes to /home (spec §2, §6). */
export function Component() {
  return (
    <RequireAdmin>
      <UsersPage />
    </RequireAdmin>
  );
}

function UsersPage() {
  const { user } = useAuth();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Users List</Title>
        <Button component={Link} to={paths.waitlist.getHref()} variant="light">
          Waitlist
        </Button>
      </Group>
      <UsersTable currentUserId={user?.id ?? null} enabled={user?.role === 'admin'} />
    </Stack>
  );
}
