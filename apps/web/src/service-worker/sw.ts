// The service worker (ADR 044): the build's files precached, the shell for the app's routes, and
// this origin's photo links kept for reading offline (ADR 046). Nothing else is intercepted: API
// calls, sign-in and every other request go to the network as they would without it (no route
// answers them, so the browser fetches them itself).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  FLUSH_OFFLINE_QUEUE,
  FORGET_PHOTOS,
  OFFLINE_QUEUE_SYNC_TAG,
  PHOTOS_CACHE,
  SKIP_WAITING,
} from '../config/service-worker';
import { APP_ROUTES, SERVER_PATHS } from './navigation';
import {
  CACHED_PHOTO_MAX_AGE_SECONDS,
  isPhotoRequest,
  MAX_CACHED_PHOTOS,
  photoCacheKey,
} from './photos';

declare const self: ServiceWorkerGlobalScope & {
  /** The build's files and their revisions, written in by vite-plugin-pwa (injectManifest). */
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// index.html, every JS and CSS chunk (each route's included), the icons and the manifest: a
// page served from this cache only ever asks for chunks of its own build, which are here too.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The shell for the app's routes, from the cache: it carries the client configuration the
// server inlined when this worker was installed.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    allowlist: APP_ROUTES,
    denylist: [SERVER_PATHS],
  }),
);

// Photos the member has seen (and the covers of their working set, which the page loads ahead):
// from the cache first, kept by path since the link's signature changes daily, bounded in number
// and age. In production the link redirects to the bucket: the answer is opaque (status 0) and
// kept as such, the <img> shows it as it would the bucket's own.
const photoExpiration = new ExpirationPlugin({
  maxEntries: MAX_CACHED_PHOTOS,
  maxAgeSeconds: CACHED_PHOTO_MAX_AGE_SECONDS,
  purgeOnQuotaError: true,
});
registerRoute(
  ({ url }) => isPhotoRequest(url, self.location.origin),
  new CacheFirst({
    cacheName: PHOTOS_CACHE,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => photoCacheKey(request.url) },
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      photoExpiration,
    ],
  }),
);

// A new worker waits until the page's "Actualizar" asks it to take over (never mid-edit by
// itself); the first one takes the open page at once, since there is nothing older to replace.
self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING) void self.skipWaiting();
  // Signing out: the photos go, with the expiration's records of them (their URLs, in IndexedDB).
  if (event.data === FORGET_PHOTOS) {
    const answer = event.ports[0];
    event.waitUntil(
      photoExpiration.deleteCacheAndMetadata().finally(() => answer?.postMessage(FORGET_PHOTOS)),
    );
  }
});
clientsClaim();

/** Background Sync's event, where the browser has it (Chromium); the lib has no type for it. */
type SyncEvent = ExtendableEvent & { tag: string };

// The network is back for a queued write (ADR 047): the pages send their queue themselves (they
// hold the sign-in and the photos' uploads); a browser without Background Sync never fires this,
// and its pages send on their `online` event and at start.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OFFLINE_QUEUE_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage(FLUSH_OFFLINE_QUEUE);
    }),
  );
});
