import type { User } from '@bec/contracts';
import { ActionIcon, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { TrashIcon } from '@/components/trash-icon';
import { useDeleteUser } from '@/features/users/api/delete-user';

export type DeleteUserButtonProps = {
  user: Pick<User, 'id' | 'name' | 'email'>;
  /** The signed-in admin's own row: the dialog says so. */
  isCurrentUser?: boolean;
};

/** Deletes a member after a confirm dialog that names them; the server keeps the last admin. */
export function DeleteUserButton({ user, isCurrentUser = false }: DeleteUserButtonProps) {
  const { mutate, isPending } = useDeleteUser({
    onSuccess: () => notifications.show({ color: 'green', message: `${user.name} was deleted.` }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'User not deleted', message: error.message }),
  });

  const confirmDelete = () =>
    void openConfirmModal({
      title: `Delete ${user.name}?`,
      children: (
        <Text size="sm">
          {isCurrentUser
            ? `This is your own account (${user.email}): you lose access to BEC at once.`
            : `${user.name} (${user.email}) loses access to BEC at once.`}{' '}
          Signing in again only puts the account back on the waitlist.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => mutate(user.id),
    });

  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Delete ${user.name}`}
      loading={isPending}
      onClick={confirmDelete}
    >
      <TrashIcon />
    </ActionIcon>
  );
}
