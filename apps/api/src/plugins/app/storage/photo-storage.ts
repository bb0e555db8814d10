import { randomUUID } from 'node:crypto';

type StoredObject = { size: number };

/**
 * How big an upload may be: exactly `exact` bytes when the client declared its size, else at most
 * `atMost` (a request that gave only names), checked as the bytes arrive and again at attach.
 */
export type UploadSize = { exact: number } | { atMost: number };

/** A signed PUT: the URL and the headers the PUT must carry exactly as given (they are signed). */
type SignedPut = { url: string; headers: Record<string, string> };

/** Where photo bytes live: local disk or any S3-compatible store, behind one interface. */
export type PhotoStorage = {
  kind: 'local' | 's3';
  /**
   * A URL the browser PUTs one file to, straight to storage: valid until `expiresAt`, bound to
   * the key, the content type and the size, and good for one upload: a key that holds a file is
   * never written again.
   */
  signPut(input: {
    key: string;
    contentType: string;
    size: UploadSize;
    expiresAt: Date;
  }): Promise<SignedPut>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string): Promise<Buffer>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
  /** A short-lived download URL straight from storage; null when the API streams it itself. */
  signGet(key: string, expiresInSeconds: number): Promise<string | null>;
  /**
   * Every object whose key starts with `prefix` (a folder such as `uploads/`), in key order, a
   * page at a time: what backups copy, and how a restore sees that storage already holds photos.
   * Files still being written (local uploads in flight) are not listed.
   */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Throws unless the store can be reached and used now: the readiness probe's cheap check. */
  check(): Promise<void>;
};

export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
};

/** Keys are made here, never from a file name: `uploads/2026/11/<uuid>.jpg`. */
export function newUploadKey(contentType: string, now = new Date()) {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new Error(`Not an accepted image type: ${contentType}`);
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${now.getUTCFullYear()}/${month}/${randomUUID()}.${ext}`;
}

/** The only shape an upload key can have: nothing from a client reaches a path unchecked. */
export const UPLOAD_KEY =
  /^uploads\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|heic|heif|avif)$/;

/** Resized copies live next to, never inside, the uploads. */
export const variantKey = (key: string, variant: string) => `variants/${key}/${variant}.webp`;

/** The folders photo objects live in: uploads (the originals) and their variants. */
export const PHOTO_PREFIXES = ['uploads/', 'variants/'] as const;

/** A variant's key: `variants/`, an upload's key, then `/<name>.webp` (see variantKey). */
const isVariantKey = (key: string) => {
  const slash = key.lastIndexOf('/');
  return (
    key.startsWith('variants/') &&
    /^[a-z]+\.webp$/.test(key.slice(slash + 1)) &&
    UPLOAD_KEY.test(key.slice('variants/'.length, slash))
  );
};

/** Whether a key is one of BEC's photo objects: an upload, or a variant of one. */
export const isPhotoObjectKey = (key: string) => UPLOAD_KEY.test(key) || isVariantKey(key);

/** The content type a photo object is stored with, from its key's extension. */
export function photoObjectType(key: string): string | undefined {
  if (isVariantKey(key)) return 'image/webp';
  const ext = key.split('.').pop();
  return Object.entries(EXTENSIONS).find(([, e]) => e === ext)?.[0];
}
