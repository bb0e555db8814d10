import { notifications } from '@mantine/notifications';
import { shouldQueueOffline } from '@/entities/offline-queue/is-network-failure';
import type { QueuedWrite } from '@/entities/offline-queue/types';
import { t } from '@/i18n/i18n';

/** Who queues a write, and what it is about in the list ("Casa en Ñuñoa"). */
export type QueueTarget = { userId: number; label: string };

/**
 * Saves `write` on the phone under `key` (the one its first try was sent with, if any: a write
 * whose answer was lost must not run twice), and says so: that it waits for the connection, or,
 * for a write that always goes through the queue (a quick add), that it is being sent when the
 * browser is online. The queue's code loads only now.
 */
export async function queueOffline(
  target: QueueTarget,
  write: QueuedWrite,
  key: string,
): Promise<void> {
  const { queueWrite } = await import('@/entities/offline-queue/queue-write');
  await queueWrite(target.userId, write, target.label, key);
  const sendingNow = write.kind === 'property' && !shouldQueueOffline();
  notifications.show({
    color: 'blue',
    message: t(sendingNow ? 'offlineQueue.sending' : 'offlineQueue.queued'),
  });
}

export type SendOrQueueResult<T> = { queued: false; result: T } | { queued: true };

/**
 * A write made while the phone may be offline: with no network it goes to the queue at once;
 * otherwise it is sent with a new `Idempotency-Key`, and if no answer comes it goes to the queue
 * with that same key. Any answer from the server is the caller's, as before. Without `target`
 * (nobody signed in) it is only sent.
 */
export async function sendOrQueue<T>(
  target: QueueTarget | undefined,
  write: QueuedWrite,
  send: (idempotencyKey: string) => Promise<T>,
): Promise<SendOrQueueResult<T>> {
  const key = crypto.randomUUID();
  if (target && shouldQueueOffline()) {
    await queueOffline(target, write, key);
    return { queued: true };
  }
  try {
    return { queued: false, result: await send(key) };
  } catch (error) {
    if (!target || !shouldQueueOffline(error)) throw error;
    await queueOffline(target, write, key);
    return { queued: true };
  }
}
