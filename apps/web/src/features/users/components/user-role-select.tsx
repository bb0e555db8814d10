import { type Role, RoleSchema, type User } from '@bec/contracts';
import { Loader, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useUpdateUserRole } from '@/features/users/api/update-user-role';

export type UserRoleSelectProps = { user: Pick<User, 'id' | 'name' | 'role'> };

/**
 * A member's role, changed on the spot: while the change is under way the select shows the new
 * role (disabled, with a spinner); once the list is refetched it shows what the server holds, so
 * a refused change (the last admin) falls back to the old role, and the server's reason is shown.
 */
export function UserRoleSelect({ user }: UserRoleSelectProps) {
  const { mutate, isPending, variables } = useUpdateUserRole({
    onSuccess: (updated) =>
      notifications.show({ color: 'green', message: `${updated.name} is now ${updated.role}` }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Role not changed', message: error.message }),
  });

  const changeRole = (role: Role | null) => {
    if (role === null || role === user.role) return;
    mutate({ id: user.id, role });
  };

  return (
    <Select<Role>
      aria-label={`Role of ${user.name}`}
      data={RoleSchema.options}
      value={isPending ? variables.role : user.role}
      onChange={changeRole}
      allowDeselect={false}
      disabled={isPending}
      rightSection={isPending ? <Loader size="xs" aria-label="Saving" /> : undefined}
      w={140}
    />
  );
}
