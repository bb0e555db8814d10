import { type IDBPDatabase, openDB } from 'idb';

/**
 * Where reading offline keeps a member's data (ADR 046): one IndexedDB database, every key named
 * after the member's subject (`<kind>:<subject>`), so one account never reads another's.
 * A small interface, so tests give a Map instead.
 */
export type SavedStore = {
  get: (key: string) => Promise<unknown>;
  /** Reads, changes and writes one key in one transaction. */
  update: (key: string, change: (old: unknown) => unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
};

const OFFLINE_DATABASE = 'bec-offline';

const STORE = 'saved';
let idbStore: SavedStore | null = null;

/** Where there is no IndexedDB (some private modes) nothing is kept. */
const nothingKept: SavedStore = {
  get: async () => undefined,
  update: async () => undefined,
  del: async () => undefined,
};

/** The IndexedDB store, opened on first use (with `idb`, as the offline queue's, ADR 047). */
export function savedStore(): SavedStore {
  if (idbStore) return idbStore;
  if (typeof indexedDB === 'undefined') return nothingKept;
  let opened: Promise<IDBPDatabase> | null = null;
  const db = () => {
    opened ??= openDB(OFFLINE_DATABASE, 1, {
      upgrade: (database) => {
        database.createObjectStore(STORE);
      },
    });
    return opened;
  };
  idbStore = {
    get: async (key) => (await db()).get(STORE, key),
    update: async (key, change) => {
      const tx = (await db()).transaction(STORE, 'readwrite');
      await tx.store.put(change(await tx.store.get(key)), key);
      await tx.done;
    },
    del: async (key) => (await db()).delete(STORE, key),
  };
  return idbStore;
}

/** The member's saved queries. */
export const queriesKey = (subject: string) => `queries:${subject}`;
/** The ids of the properties the member opened last, newest first. */
export const openedKey = (subject: string) => `opened:${subject}`;
