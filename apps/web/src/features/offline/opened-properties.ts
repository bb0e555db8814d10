import { openedKey, type SavedStore, savedStore } from '@/features/offline/saved-store';

/** Properties opened last that stay readable offline (ADR 046: at least 50). */
const MAX_OPENED = 50;

const asIds = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];

/** Puts property `id` first in the member's list of opened properties, keeping the last 50. */
export function rememberOpened(
  subject: string,
  id: number,
  store: SavedStore = savedStore(),
): Promise<void> {
  return store.update(openedKey(subject), (old) =>
    [id, ...asIds(old).filter((other) => other !== id)].slice(0, MAX_OPENED),
  );
}

/** The member's opened properties, newest first. */
export async function openedProperties(
  subject: string,
  store: SavedStore = savedStore(),
): Promise<number[]> {
  return asIds(await store.get(openedKey(subject)));
}

/** Takes property `id` off the member's list (they deleted it). */
export function forgetOpenedProperty(
  subject: string,
  id: number,
  store: SavedStore = savedStore(),
): Promise<void> {
  return store.update(openedKey(subject), (old) => asIds(old).filter((other) => other !== id));
}

/** Forgets the member's list (signing out). */
export function forgetOpened(subject: string, store: SavedStore = savedStore()): Promise<void> {
  return store.del(openedKey(subject));
}
