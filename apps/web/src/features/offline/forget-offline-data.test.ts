import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORGET_PHOTOS, PHOTOS_CACHE } from '@/config/service-worker';
import { addQueueItem, clearOfflineQueue, listQueueItems } from '@/entities/offline-queue/store';
import type { QueuedWrite } from '@/entities/offline-queue/types';
import { mapStore } from './testing/map-store';

const store = mapStore();
vi.mock('@/features/offline/saved-store', async (original) => ({
  ...(await original<typeof import('./saved-store')>()),
  savedStore: () => store,
}));

const { forgetOfflineData } = await import('./forget-offline-data');

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  store.map.clear();
});

const move: QueuedWrite = {
  kind: 'stage',
  propertyId: 1,
  body: { stage: 'offer_made', discard_reason: null, updated_at: '2026-11-27T10:00:00.000Z' },
};

describe('forgetOfflineData', () => {
  it("removes the member's saved queries, opened list, photos and queued writes, and no other member's", async () => {
    await clearOfflineQueue();
    await addQueueItem(3, move, { label: 'ana', key: 'k-ana' });
    await addQueueItem(4, move, { label: 'bea', key: 'k-bea' });
    store.map.set('queries:ana', { format: 1 });
    store.map.set('opened:ana', [1, 2]);
    store.map.set('queries:bea', { format: 1 });
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    // The worker that keeps the photos answers once it has emptied them.
    const postMessage = vi.fn((message: string, [port]: MessagePort[]) =>
      port?.postMessage(message),
    );
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage } },
    });

    await forgetOfflineData({ subject: 'ana', userId: 3 });

    expect([...store.map.keys()]).toEqual(['queries:bea']);
    expect(postMessage).toHaveBeenCalledWith(FORGET_PHOTOS, [expect.any(MessagePort)]);
    expect(deleted).toEqual([PHOTOS_CACHE]);
    expect(await listQueueItems(3)).toEqual([]);
    expect((await listQueueItems(4)).map((item) => item.key)).toEqual(['k-bea']);
  });
});
