import { Alert, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useUsers } from '@/features/users/api/get-users';
import { DeleteUserButton } from '@/features/users/components/delete-user-button';
import { UserRoleSelect } from '@/features/users/components/user-role-select';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

export type UsersTableProps = {
  /** The signed-in admin, whose row is marked "(you)". */
  currentUserId: number | null;
  /** Admins only: the API refuses everyone else. */
  enabled?: boolean;
};

/** The members: name, email, a role select and a delete button each, a page at a time. */
export function UsersTable({ currentUserId, enabled = true }: UsersTableProps) {
  const t = useT();
  const users = useUsers({ enabled });

  if (users.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('users.loading')} />
      </Center>
    );
  }

  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      {users.isError && (
        <Alert color="red" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('users.loadFailed', { message: errorText(users.error) })}</Text>
            <Button size="xs" variant="default" onClick={() => void users.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Group>
        </Alert>
      )}
      {users.data !== undefined && items.length === 0 && <Text>{t('users.empty')}</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.table.name')}</Table.Th>
                <Table.Th>{t('users.table.email')}</Table.Th>
                <Table.Th>{t('users.table.role')}</Table.Th>
                <Table.Th>{t('users.table.actions')}</Table.Th>
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
                          {t('users.table.you')}
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
            {t('users.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
