import { Alert, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useUsers } from '@/features/users/api/get-users';
import { DeleteUserButton } from '@/features/users/components/delete-user-button';
import { UserRoleSelect } from '@/features/users/components/user-role-select';

export type UsersTableProps = {
  /** The signed-in admin, whose row is marked "(you)". */
  currentUserId: number | null;
  /** Admins only: the API refuses everyone else. */
  enabled?: boolean;
};

/** The members: name, email, a role select and a delete button each, a page at a time. */
export function UsersTable({ currentUserId, enabled = true }: UsersTableProps) {
  const users = useUsers({ enabled });

  if (users.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading users" />
      </Center>
    );
  }

  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      {users.isError && (
        <Alert color="red" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Error: Failed to fetch users: {users.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {users.data !== undefined && items.length === 0 && <Text>No users found.</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => {
                const isCurrentUser = user.id === currentUserId;
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {user.name}
                      {isCurrentUser && (
                        <Text span size="sm" c="dimmed">
                          {' '}
                          (you)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>
                      <UserRoleSelect user={user} />
                    </Table.Td>
                    <Table.Td>
                      <DeleteUserButton user={user} isCurrentUser={isCurrentUser} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {users.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={users.isFetchingNextPage}
            onClick={() => void users.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
