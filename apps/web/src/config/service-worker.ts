/** The service worker's script, as the build writes it (vite.config.ts, VitePWA's `filename`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** What the page posts to a waiting service worker to make it take over (service-worker/sw.ts). */
export const SKIP_WAITING = 'bec:skip-waiting';

/** The Background Sync tag the page registers when it queues a write offline (ADR 047). */
export const OFFLINE_QUEUE_SYNC_TAG = 'bec:offline-queue';

/** What the service worker posts to its pages when Background Sync says the network is back. */
export const FLUSH_OFFLINE_QUEUE = 'bec:flush-offline-queue';
