import type { SavedStore } from '@/features/offline/saved-store';

/** The IndexedDB store's stand-in: a Map. */
export function mapStore(): SavedStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => map.get(key),
    update: async (key, change) => {
      map.set(key, change(map.get(key)));
    },
    del: async (key) => {
      map.delete(key);
    },
  };
}
