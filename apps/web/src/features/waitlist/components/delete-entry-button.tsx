import type { WaitlistEntry } from '@bec/contracts';
import { ActionIcon, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { TrashIcon } from '@/components/trash-icon';
import { useDeleteWaitlistEntry } from '@/features/waitlist/api/delete-waitlist-entry';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

export type DeleteEntryButtonProps = { entry: Pick<WaitlistEntry, 'id' | 'name' | 'email'> };

/** Refuses an access request after a confirm dialog that names the person. */
export function DeleteEntryButton({ entry }: DeleteEntryButtonProps) {
  const t = useT();
  const { mutate, isPending } = useDeleteWaitlistEntry({
    onSuccess: () =>
      notifications.show({
        color: 'green',
        message: t('waitlist.delete.done', { name: entry.name }),
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('waitlist.delete.failed'),
        message: errorText(error),
      }),
  });

  const confirmDelete = () =>
    void openConfirmModal({
      title: t('waitlist.delete.title', { name: entry.name }),
      children: (
        <Text size="sm">{t('waitlist.delete.body', { name: entry.name, email: entry.email })}</Text>
      ),
      labels: { confirm: t('waitlist.delete.confirm'), cancel: t('waitlist.delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => mutate(entry.id),
    });

  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('waitlist.delete.label', { name: entry.name })}
      loading={isPending}
      onClick={confirmDelete}
    >
      <TrashIcon />
    </ActionIcon>
  );
}
