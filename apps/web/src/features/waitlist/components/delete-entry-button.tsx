import type { WaitlistEntry } from '@bec/contracts';
import { ConfirmDeleteButton } from '@/components/screen-states/confirm-delete-button';
import { deleteNotices } from '@/components/screen-states/delete-notices';
import { useDeleteWaitlistEntry } from '@/features/waitlist/api/delete-waitlist-entry';
import { useT } from '@/i18n/use-t';

export type DeleteEntryButtonProps = { entry: Pick<WaitlistEntry, 'id' | 'name' | 'email'> };

/** Refuses an access request after a confirm dialog that names the person. */
export function DeleteEntryButton({ entry }: DeleteEntryButtonProps) {
  const t = useT();
  const { mutate, isPending } = useDeleteWaitlistEntry(
    deleteNotices({
      done: t('waitlist.delete.done', { name: entry.name }),
      failed: t('waitlist.delete.failed'),
    }),
  );

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
