/** The service worker's script, as the build writes it (vite.config.ts, VitePWA's `filename`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** What the page posts to a waiting service worker to make it take over (service-worker/sw.ts). */
export const SKIP_WAITING = 'bec:skip-waiting';
