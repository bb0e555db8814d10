import type { User } from '@bec/contracts';
import { ConfirmDeleteButton } from '@/components/screen-states/confirm-delete-button';
import { deleteNotices } from '@/components/screen-states/delete-notices';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { useT } from '@/i18n/use-t';

export type DeleteUserButtonProps = {
  user: Pick<User, 'id' | 'name' | 'email'>;
  /** The signed-in admin's own row: the dialog says so. */
  isCurrentUser?: boolean;
};

/** Deletes a member after a confirm dialog that names them; the server keeps the last admin. */
export function DeleteUserButton({ user, isCurrentUser = false }: DeleteUserButtonProps) {
  const t = useT();
  const { mutate, isPending } = useDeleteUser(
    deleteNotices({
      done: t('users.delete.done', { name: user.name }),
      failed: t('users.delete.failed'),
    }),
  );

  return (
    <ConfirmDeleteButton
      label={t('users.delete.label', { name: user.name })}
      title={t('users.delete.title', { name: user.name })}
      body={
        isCurrentUser
          ? t('users.delete.bodyOwn', { email: user.email })
          : t('users.delete.bodyOther', { name: user.name, email: user.email })
      }
      confirm={t('users.delete.confirm')}
      cancel={t('users.delete.cancel')}
      pending={isPending}
      onConfirm={() => mutate(user.id)}
    />
  );
}
