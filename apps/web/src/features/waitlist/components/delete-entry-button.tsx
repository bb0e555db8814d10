import type { WaitlistEntry } from '@bec/contracts';
import { notifications } from '@mantine/notifications';
import { ConfirmDeleteButton } from '@/components/screen-states/confirm-delete-button';
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

  return (
    <ConfirmDeleteButton
      label={t('waitlist.delete.label', { name: entry.name })}
      title={t('waitlist.delete.title', { name: entry.name })}
      body={t('waitlist.delete.body', { name: entry.name, email: entry.email })}
      confirm={t('waitlist.delete.confirm')}
      cancel={t('waitlist.delete.cancel')}
      pending={isPending}
      onConfirm={() => mutate(entry.id)}
    />
  );
}
