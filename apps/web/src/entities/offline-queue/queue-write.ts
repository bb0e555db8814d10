import { OFFLINE_QUEUE_SYNC_TAG } from '@/config/service-worker';
import { newIdempotencyKey } from '@/lib/api-client';
import '@/entities/offline-queue/messages';
import { flushOfflineQueue } from '@/entities/offline-queue/sender';
import {
  addQueueItem,
  deleteQueueItem,
  getQueueItem,
  putQueueItem,
} from '@/entities/offline-queue/store';
import type { QueuedWrite, QueueItem } from '@/entities/offline-queue/types';

/** Background Sync's registration, where the browser has it; the DOM lib has no type for it. */
type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register: (tag: string) => Promise<void> };
};

/**
 * Asks the browser to wake the service worker when the network is back, even with the page in
 * the background (Chromium). Without a worker or without Background Sync, the page's `online`
 * event and the next start send the queue.
 */
async function requestBackgroundSync() {
  const registration = (await navigator.serviceWorker?.getRegistration()) as
    | SyncRegistration
    | undefined;
  await registration?.sync?.register(OFFLINE_QUEUE_SYNC_TAG).catch(() => undefined);
}

/**
 * Saves a write made offline on the phone at once, with the `Idempotency-Key` it keeps on every
 * try, and sends the queue if the network is there after all.
 */
export async function queueWrite(
  userId: number,
  write: QueuedWrite,
  label: string,
  key: string = newIdempotencyKey(),
): Promise<QueueItem> {
  const item = await addQueueItem(userId, write, { label, key });
  void requestBackgroundSync().catch(() => undefined);
  void flushOfflineQueue(userId);
  return item;
}

/**
 * Sends a refused item again, after the person fixed what the server said (or accepts the
 * server's current version: a stage move refused as stale goes over the version there now).
 */
export async function retryQueueItem(id: number): Promise<void> {
  const item = await getQueueItem(id);
  if (item?.state !== 'error') return;
  await putQueueItem({
    ...item,
    state: 'pending',
    error: null,
    ...(item.kind === 'stage' ? { rebase: true } : {}),
  });
  await flushOfflineQueue(item.userId);
}

/** Drops a refused item for good. */
export const discardQueueItem = (id: number): Promise<void> => deleteQueueItem(id);
