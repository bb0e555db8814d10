import { Badge, Button, Menu, Stack, Text } from '@mantine/core';
import { useAuth } from '@/features/auth/use-auth';

/**
 * The signed-in account: name, email, role and "Sign out". An account that is signed in at the
 * provider but not (yet) a member shows the menu too, so it can sign out and switch accounts.
 */
export function UserMenu() {
  const { user, session, waitlisted, signOut } = useAuth();
  const name = user?.name ?? session?.name ?? session?.email ?? 'Signed in';
  const email = user?.email ?? session?.email ?? null;
  const role = user?.role ?? (waitlisted ? 'access requested' : 'no access');

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button variant="subtle" size="sm">
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs">
          <Text size="sm" fw={500}>
            {name}
          </Text>
          {email !== null && (
            <Text size="xs" c="dimmed">
              {email}
            </Text>
          )}
          <Badge size="sm" variant="light" mt={4}>
            {role}
          </Badge>
        </Stack>
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
