import { FORGET_PHOTOS, PHOTOS_CACHE } from '@/config/service-worker';

/** Longest wait for the worker's answer: a worker that is gone must not hold up signing out. */
const WORKER_ANSWER_MS = 3000;

/** Asks the worker to empty the photo cache and its expiration records; resolves when it has. */
function askWorker(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, WORKER_ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(FORGET_PHOTOS, [channel.port2]);
  });
}

/** Removes the photos kept for reading offline (the worker's, and the cache itself regardless). */
export async function forgetCachedPhotos(): Promise<void> {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (worker) await askWorker(worker);
  if ('caches' in window) await caches.delete(PHOTOS_CACHE);
}
