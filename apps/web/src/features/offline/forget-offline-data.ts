import { clearOfflineQueue } from '@/entities/offline-queue/store';
import { forgetCachedPhotos } from '@/features/offline/forget-cached-photos';
import { forgetOpened } from '@/features/offline/opened-properties';
import { forgetSavedQueries } from '@/features/offline/saved-queries';

/**
 * Removes what this browser keeps of a member for working offline (ADR 046): called on signing
 * out, and when another account signs in. `subject` keys what is saved for reading, `userId`
 * (the member's id, when they are one) the writes waiting to be sent (ADR 047). One awaited step
 * per kind of data.
 */
export async function forgetOfflineData({
  subject,
  userId,
}: {
  subject: string;
  userId: number | null;
}): Promise<void> {
  await forgetSavedQueries(subject);
  await forgetOpened(subject);
  await forgetCachedPhotos();
  if (userId !== null) await clearOfflineQueue(userId);
}
