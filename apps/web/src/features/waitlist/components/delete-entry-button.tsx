import type { WaitlistEntry } from '@bec/contracts';
import { ActionIcon, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { TrashIcon } from '@/components/trash-icon';
import { useDeleteWaitlistEntry } from '@/features/waitlist/api/delete-waitlist-entry';

export type DeleteEntryButtonProps = { entry: Pick<WaitlistEntry, 'id' | 'name' | 'email'> };

/** Refuses an access request after a confirm dialog that names the person. */
export function DeleteEntryButton({ entry }: DeleteEntryButtonProps) {
  const { mutate, isPending } = useDeleteWaitlistEntry({
    onSuccess: () =>
      notifications.show({
        color: 'green',
        message: `The access request of ${entry.name} was deleted.`,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Request not deleted', message: error.message }),
  });

  const confirmDelete = () =>
    void openConfirmModal({
      title: `Delete the request of ${entry.name}?`,
      children: (
        <Text size="sm">
          {entry.name} ({entry.email}) stays without access to BEC. Signing in again puts the
          account back on the waitlist.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => mutate(entry.id),
    });

  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Delete ${entry.name}`}
      loading={isPending}
      onClick={confirmDelete}
    >
      <TrashIcon />
    </ActionIcon>
  );
}
