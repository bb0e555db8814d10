import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QueuedWrite, QueueItem } from '@/entities/offline-queue/types';

const DB_NAME = 'bec-offline-queue';
const STORE = 'items';

interface QueueDB extends DBSchema {
  items: { key: number; value: QueueItem; indexes: { byUser: number } };
}

let opened: Promise<IDBPDatabase<QueueDB>> | null = null;
const db = () => {
  opened ??= openDB<QueueDB>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      store.createIndex('byUser', 'userId');
    },
  });
  return opened;
};

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after every change to the queue (this tab's), to redraw its list. */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

/** Saves a write on the phone, pending, with the key it will be sent with every time. */
export async function addQueueItem(
  userId: number,
  write: QueuedWrite,
  { label, key }: { label: string; key: string },
): Promise<QueueItem> {
  const item = {
    ...write,
    userId,
    key,
    label,
    queuedAt: new Date().toISOString(),
    state: 'pending',
    error: null,
  } as Omit<QueueItem, 'id'>;
  const id = await (await db()).add(STORE, item as QueueItem);
  changed();
  return { ...item, id } as QueueItem;
}

/** A member's items, oldest first (the order they are sent in). */
export async function listQueueItems(userId: number): Promise<QueueItem[]> {
  const items = await (await db()).getAllFromIndex(STORE, 'byUser', userId);
  return items.sort((a, b) => a.id - b.id);
}

export async function getQueueItem(id: number): Promise<QueueItem | undefined> {
  return (await db()).get(STORE, id);
}

/** Replaces an item as given (its state, its error, the paths of photos already uploaded). */
export async function putQueueItem(item: QueueItem): Promise<void> {
  await (await db()).put(STORE, item);
  changed();
}

export async function deleteQueueItem(id: number): Promise<void> {
  await (await db()).delete(STORE, id);
  changed();
}

/**
 * Forgets the queued writes of `userId`, or everyone's: on sign-out, nothing of one person's
 * stays on a shared phone.
 */
export async function clearOfflineQueue(userId?: number): Promise<void> {
  const database = await db();
  if (userId === undefined) await database.clear(STORE);
  else {
    const tx = database.transaction(STORE, 'readwrite');
    for (const key of await tx.store.index('byUser').getAllKeys(userId)) await tx.store.delete(key);
    await tx.done;
  }
  changed();
}
