import { forgetCachedPhotos } from '@/features/offline/forget-cached-photos';
import { forgetOpened } from '@/features/offline/opened-properties';
import { forgetSavedQueries } from '@/features/offline/saved-queries';

/**
 * Removes what this browser keeps of member `subject` for working offline (ADR 046): called on
 * signing out, and when another account signs in. One awaited step per kind of data.
 */
export async function forgetOfflineData(subject: string): Promise<void> {
  await forgetSavedQueries(subject);
  await forgetOpened(subject);
  await forgetCachedPhotos();
}
