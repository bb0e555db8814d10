import { QueuedPhotoError, sendQueueItem } from '@/entities/offline-queue/send-item';
import { listQueueItems, putQueueItem } from '@/entities/offline-queue/store';
import { type QueueItem, queuedPropertyId } from '@/entities/offline-queue/types';
import { ApiError, errorText } from '@/lib/api-error';

/** After a try that got no answer, the next one waits 2 s, 4 s, … up to a minute. */
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;

/** What a failed try means for the queue. */
type Outcome = 'retry-later' | 'sign-in' | 'refused';

const TRANSIENT = new Set([0, 408, 429]);

/**
 * No answer, or one another try may cure (a timeout, a rate limit, the server down, the same key
 * still running elsewhere) waits and goes again; a 401 waits for the person to sign in again; any
 * other answer (a 409 on a stale version, a 400) is the server's word on this write, kept with its
 * reason for the person to resolve.
 */
export function outcomeOf(error: unknown): Outcome {
  const status = error instanceof ApiError || error instanceof QueuedPhotoError ? error.status : 0;
  if (error instanceof ApiError && error.code === 'IDEMPOTENCY_IN_PROGRESS') return 'retry-later';
  if (TRANSIENT.has(status) || status >= 500) return 'retry-later';
  if (status === 401) return 'sign-in';
  return 'refused';
}

const reasonOf = (error: unknown) =>
  error instanceof QueuedPhotoError ? error.message : errorText(error);

let running: Promise<void> | null = null;
let rerun = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;

/** The items a run sends: waiting, and any left "sending" by a page closed mid-try. */
const sendable = (item: QueueItem) => item.state === 'pending' || item.state === 'sending';

async function run(userId: number): Promise<void> {
  const items = await listQueueItems(userId);
  const written = new Set(
    items.filter((item) => item.state === 'synced').map((item) => queuedPropertyId(item)),
  );
  for (const item of items) {
    if (!sendable(item)) continue;
    await putQueueItem({ ...item, state: 'sending', error: null });
    try {
      await sendQueueItem(item, {
        save: (updated) => putQueueItem({ ...updated, state: 'sending' }),
        afterOwnWrite: written.has(queuedPropertyId(item)),
      });
    } catch (error) {
      const outcome = outcomeOf(error);
      if (outcome === 'refused') {
        await putQueueItem({ ...item, state: 'error', error: reasonOf(error) });
        continue;
      }
      await putQueueItem({ ...item, state: 'pending', error: null });
      // In order: what follows waits for this one. A lost session waits for sign-in (the app
      // flushes again when someone signs in); no answer waits and tries again.
      if (outcome === 'retry-later') scheduleRetry(userId);
      return;
    }
    written.add(queuedPropertyId(item));
    await putQueueItem({ ...item, state: 'synced', error: null });
  }
  retries = 0;
}

function scheduleRetry(userId: number) {
  clearTimeout(retryTimer);
  const delay = Math.min(FIRST_RETRY_MS * 2 ** retries, MAX_RETRY_MS);
  retries += 1;
  retryTimer = setTimeout(() => void flushOfflineQueue(userId), delay);
}

/** Runs `task` holding the queue's lock across this browser's tabs, where the browser has locks. */
async function exclusive(task: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks)
    await navigator.locks.request('bec-offline-queue', task);
  else await task();
}

/**
 * Sends `userId`'s queue in order, one write at a time. Offline it waits for the `online` event;
 * a call while a run is going makes that run go once more at its end.
 */
export function flushOfflineQueue(userId: number): Promise<void> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve();
  if (running) {
    rerun = true;
    return running;
  }
  clearTimeout(retryTimer);
  running = (async () => {
    try {
      do {
        rerun = false;
        await exclusive(() => run(userId));
      } while (rerun);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Stops waiting to try again (the member signed out, or the page is going). */
export function stopOfflineRetries() {
  clearTimeout(retryTimer);
  retries = 0;
}
