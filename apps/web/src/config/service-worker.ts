/** The service worker's script, as the build writes it (vite.config.ts, VitePWA's `filename`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** What the page posts to a waiting service worker to make it take over (service-worker/sw.ts). */
export const SKIP_WAITING = 'bec:skip-waiting';

/**
 * The cache the worker keeps viewed photos in for reading offline (ADR 046), keyed by the photo's
 * path without its day-signed query; emptied when the member signs out.
 */
export const PHOTOS_CACHE = 'bec-photos';

/** What the page posts to the worker, with a port for the answer, to empty `PHOTOS_CACHE`. */
export const FORGET_PHOTOS = 'bec:forget-photos';

/** The Background Sync tag the page registers when it queues a write offline (ADR 047). */
export const OFFLINE_QUEUE_SYNC_TAG = 'bec:offline-queue';

/** What the service worker posts to its pages when Background Sync says the network is back. */
export const FLUSH_OFFLINE_QUEUE = 'bec:flush-offline-queue';
