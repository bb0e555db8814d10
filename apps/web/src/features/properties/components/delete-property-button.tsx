import { useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '@/components/screen-states/confirm-delete-button';
import { deleteNotices } from '@/components/screen-states/delete-notices';
import { paths } from '@/config/paths';
import { useDeleteProperty } from '@/features/properties/api/delete-property';
import { useT } from '@/i18n/use-t';

export type DeletePropertyButtonProps = {
  id: number;
  name: string;
  /** After the delete, once the grid is asked for: the app drops the property from its data. */
  onDeleted?: ((id: number) => void) | undefined;
};

/**
 * Deletes a property after a confirm dialog that names it; on success says so and goes back to
 * the grid, on failure shows the server's message.
 */
export function DeletePropertyButton({ id, name, onDeleted }: DeletePropertyButtonProps) {
  const navigate = useNavigate();
  const t = useT();
  const notices = deleteNotices({
    done: t('properties.delete.done'),
    failed: t('properties.delete.failed'),
  });
  const { mutate, isPending } = useDeleteProperty({
    onSuccess: () => {
      notices.onSuccess();
      void navigate(paths.properties.getHref());
      onDeleted?.(id);
    },
    onError: notices.onError,
  });

  return (
    <ConfirmDeleteButton
      size="lg"
      label={t('properties.delete.title')}
      title={t('properties.delete.title')}
      body={t('properties.delete.body', { name })}
      confirm={t('properties.delete.confirm')}
      cancel={t('properties.delete.cancel')}
      pending={isPending}
      onConfirm={() => mutate(id)}
    />
  );
}
