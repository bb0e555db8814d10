import { FLUSH_OFFLINE_QUEUE } from '@/config/service-worker';
import { flushOfflineQueue, stopOfflineRetries } from '@/entities/offline-queue/sender';
import { deleteQueueItem, listQueueItems } from '@/entities/offline-queue/store';
import { onAccessTokenSource } from '@/lib/access-token';

/**
 * Sends `userId`'s queue now (the app's start, or a sign-in after the session ran out), when the
 * network comes back, when calls get their token again (a page opened offline, once the sign-in
 * service has loaded), and when the service worker says Background Sync fired. Items synced in an
 * earlier session are forgotten first. Answers the clean-up, for sign-out or another member.
 */
export function startOfflineSync(userId: number): () => void {
  const flush = () => void flushOfflineQueue(userId);
  const fromWorker = (event: MessageEvent) => {
    if (event.data === FLUSH_OFFLINE_QUEUE) flush();
  };
  window.addEventListener('online', flush);
  const stopWaitingForToken = onAccessTokenSource(flush);
  navigator.serviceWorker?.addEventListener('message', fromWorker);
  void listQueueItems(userId)
    .then((items) =>
      Promise.all(
        items.filter((item) => item.state === 'synced').map((item) => deleteQueueItem(item.id)),
      ),
    )
    .then(flush);
  return () => {
    window.removeEventListener('online', flush);
    stopWaitingForToken();
    navigator.serviceWorker?.removeEventListener('message', fromWorker);
    stopOfflineRetries();
  };
}
