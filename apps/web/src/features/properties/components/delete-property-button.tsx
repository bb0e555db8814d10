import { ActionIcon, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { TrashIcon } from '@/components/trash-icon';
import { paths } from '@/config/paths';
import { useDeleteProperty } from '@/features/properties/api/delete-property';

export type DeletePropertyButtonProps = { id: number; name: string };

/**
 * Deletes a property after a confirm dialog that names it; on success says so and goes back to
 * the grid, on failure shows the server's message.
 */
export function DeletePropertyButton({ id, name }: DeletePropertyButtonProps) {
  const navigate = useNavigate();
  const { mutate, isPending } = useDeleteProperty({
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Property deleted' });
      void navigate(paths.properties.getHref());
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Property not deleted', message: error.message }),
  });

  const confirmDelete = () =>
    void openConfirmModal({
      title: 'Delete property',
      children: (
        <Text size="sm">Delete {name}? Its photos are deleted too. This cannot be undone.</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => mutate(id),
    });

  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label="Delete property"
      loading={isPending}
      onClick={confirmDelete}
    >
      <TrashIcon />
    </ActionIcon>
  );
}
