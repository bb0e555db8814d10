import { Stack, Table, Text } from '@mantine/core';
import { ListTable } from '@/components/screen-states/list-table';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { useUsers } from '@/features/users/api/get-users';
import { DeleteUserButton } from '@/features/users/components/delete-user-button';
import { UserRoleSelect } from '@/features/users/components/user-role-select';
import { useT } from '@/i18n/use-t';

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

  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <QueryState
        query={users}
        loading={t('users.loading')}
        failed={(message) => t('users.loadFailed', { message })}
        empty={items.length === 0 && <Text>{t('users.empty')}</Text>}
      />
      {items.length > 0 && (
        <ListTable
          minWidth={640}
          headings={[
            t('users.table.name'),
            t('users.table.email'),
            t('users.table.role'),
            t('users.table.actions'),
          ]}
        >
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
        </ListTable>
      )}
      <LoadMore query={users} label={t('users.loadMore')} />
    </Stack>
  );
}
