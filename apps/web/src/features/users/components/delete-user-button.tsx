import type { User } from '@bec/contracts';
import { ActionIcon, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { TrashIcon } from '@/components/trash-icon';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

export type DeleteUserButtonProps = {
  user: Pick<User, 'id' | 'name' | 'email'>;
  /** The signed-in admin's own row: the dialog says so. */
  isCurrentUser?: boolean;
};

/** Deletes a member after a confirm dialog that names them; the server keeps the last admin. */
export function DeleteUserButton({ user, isCurrentUser = false }: DeleteUserButtonProps) {
  const t = useT();
  const { mutate, isPending } = useDeleteUser({
    onSuccess: () =>
      notifications.show({ color: 'green', message: t('users.delete.done', { name: user.name }) }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('users.delete.failed'),
        message: errorText(error),
      }),
  });

  const confirmDelete = () =>
    void openConfirmModal({
      title: t('users.delete.title', { name: user.name }),
      children: (
        <Text size="sm">
          {isCurrentUser
            ? t('users.delete.bodyOwn', { email: user.email })
            : t('users.delete.bodyOther', { name: user.name, email: user.email })}
        </Text>
      ),
      labels: { confirm: t('users.delete.confirm'), cancel: t('users.delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => mutate(user.id),
    });

  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('users.delete.label', { name: user.name })}
      loading={isPending}
      onClick={confirmDelete}
    >
      <TrashIcon />
    </ActionIcon>
  );
}
