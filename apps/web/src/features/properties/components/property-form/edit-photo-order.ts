import type { Photo } from '@bec/contracts';
import type { SelectedPhoto } from '@/features/properties/components/photo-picker/photo-files';

/** One tile of the edit form's photos: a saved photo (by id) or a file picked now. */
export type EditPhotoItem =
  | { kind: 'saved'; key: string; id: number; thumbnailUrl: string }
  | { kind: 'new'; key: string; photo: SelectedPhoto };

/** The order key of a saved photo (a picked file's key is its own id, `photo-N`). */
export const savedPhotoKey = (id: number) => `saved-${id}`;

/**
 * The tiles in order: the keys of `order` that are still there (saved photos not removed, files
 * still picked), then files picked since the order was last set, in the order picked.
 */
export function orderPhotoItems(
  order: readonly string[],
  saved: readonly Pick<Photo, 'id' | 'thumbnail_url'>[],
  picked: readonly SelectedPhoto[],
): EditPhotoItem[] {
  const byKey = new Map<string, EditPhotoItem>();
  for (const photo of saved) {
    const key = savedPhotoKey(photo.id);
    byKey.set(key, { kind: 'saved', key, id: photo.id, thumbnailUrl: photo.thumbnail_url });
  }
  for (const photo of picked) byKey.set(photo.id, { kind: 'new', key: photo.id, photo });
  const items = order.flatMap((key) => {
    const item = byKey.get(key);
    return item ? [item] : [];
  });
  const placed = new Set(order);
  for (const photo of picked) {
    const item = byKey.get(photo.id);
    if (item && !placed.has(photo.id)) items.push(item);
  }
  return items;
}

/** `keys` with `key` moved to position `to` (clamped to the list). */
export function moveKey(keys: readonly string[], key: string, to: number): string[] {
  const from = keys.indexOf(key);
  if (from === -1) return [...keys];
  const rest = keys.filter((candidate) => candidate !== key);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), key, ...rest.slice(at)];
}

/**
 * The `photos` of PUT /api/properties/:id, in the tiles' order (the first is the cover): a saved
 * photo's id, a new file's uploaded path. A new file without a path is an error (upload first).
 */
export function toPhotoRefs(
  items: readonly EditPhotoItem[],
  uploadedPaths: ReadonlyMap<string, string>,
): (number | string)[] {
  return items.map((item) => {
    if (item.kind === 'saved') return item.id;
    const path = item.photo.path ?? uploadedPaths.get(item.photo.id);
    if (!path) throw new Error(`${item.photo.name} is not uploaded yet`);
    return path;
  });
}
