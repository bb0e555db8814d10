import type { Role, User } from '@bec/contracts';
import { Loader, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE_NAME, useRoleOptions } from '@/components/use-role-options';
import { useUpdateUserRole } from '@/features/users/api/update-user-role';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

export type UserRoleSelectProps = { user: Pick<User, 'id' | 'name' | 'role'> };

/**
 * A member's role, changed on the spot: while the change is under way the select shows the new
 * role (disabled, with a spinner); once the list is refetched it shows what the server holds, so
 * a refused change (the last admin) falls back to the old role, and the server's reason is shown.
 */
export function UserRoleSelect({ user }: UserRoleSelectProps) {
  const t = useT();
  const roles = useRoleOptions();
  const { mutate, isPending, variables } = useUpdateUserRole({
    onSuccess: (updated) =>
      notifications.show({
        color: 'green',
        message: t('users.role.changed', { name: updated.name, role: t(ROLE_NAME[updated.role]) }),
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('users.role.failed'),
        message: errorText(error),
      }),
  });

  const changeRole = (role: Role | null) => {
    if (role === null || role === user.role) return;
    mutate({ id: user.id, role });
  };

  return (
    <Select<Role>
      aria-label={t('users.role.label', { name: user.name })}
      data={roles}
      value={isPending ? variables.role : user.role}
      onChange={changeRole}
      allowDeselect={false}
      disabled={isPending}
      rightSection={
        isPending ? <Loader size="xs" aria-label={t('users.role.saving')} /> : undefined
      }
      w={140}
    />
  );
}
