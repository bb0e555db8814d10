import { createHash } from 'node:crypto';
import {
  type Issue,
  issue,
  PHOTO_CONTENT_TYPES,
  type UploadUrlBody,
  type UploadUrlEntry,
} from '@bec/contracts';
import { LRUCache } from 'lru-cache';

import type { Database } from '../../db/client.js';
import { afterCommit } from '../../db/request-transaction.js';
import { validationError } from '../../lib/app-error.js';
import {
  EXTENSIONS,
  newUploadKey,
  type PhotoStorage,
  UPLOAD_KEY,
  type UploadSize,
  variantKey,
} from '../../plugins/app/storage/photo-storage.js';
import type { UrlSigner } from '../../plugins/app/storage/url-signer.js';
import {
  type ImageInfo,
  inspectImage,
  renderThumbnail,
  renderVariant,
  UnreadableImageError,
  VARIANTS,
  type Variant,
} from './photo-images.js';
import * as repo from './photos.repository.js';

/** A counter to add to (prom-client's Counter fits). */
type Count = { inc: (value: number) => void };

/** What the upload flow counts, for /metrics. */
type UploadCounters = {
  /** Upload URLs issued. */
  signed: Count;
  /** Uploads attached to a property or a visit. */
  attached: Count;
  /** Uploads never attached, deleted by the collection. */
  collected: Count;
};

/** Why a photo the server fetched is refused: the upload's rules. */
type FetchedProblem = { problem: 'photo_too_large' | 'photo_unreadable' };

export type PhotosServiceOptions = {
  storage: PhotoStorage;
  signer: UrlSigner;
  maxBytes: number;
  /** How long an upload URL stays valid. */
  uploadTtlSeconds?: number;
  /** Counted as uploads are signed, attached and collected; nothing is counted without them. */
  counters?: UploadCounters;
};

/** What attaching needs to record of each photo, in the order given. */
/** The columns of a photo row (a property's or a visit's) for an upload at a position. */
export const photoColumns = (photo: AttachablePhoto, position: number) => ({
  storage_key: photo.key,
  position,
  content_type: photo.contentType,
  bytes: photo.bytes,
  width: photo.width,
  height: photo.height,
  content_hash: photo.contentHash,
});

/** How an owner's photo rows are written (its own table): used by applyPhotoList. */
type PhotoRows = {
  remove: (ids: number[]) => Promise<void>;
  move: (id: number, position: number) => Promise<void>;
  /** Inserts the upload at the position; answers the new row's id. */
  add: (photo: AttachablePhoto, position: number) => Promise<number>;
};

export type AttachablePhoto = ImageInfo & {
  key: string;
  bytes: number;
  /** SHA-256 of the file as uploaded (hex): the same photo uploaded twice has the same. */
  contentHash: string;
};

const DAY = 86_400;
const UNATTACHED_LIFETIME_MS = 24 * 3600 * 1000;

const typeFromName = (name: string) => {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<string, string> = {
    jpeg: 'image/jpeg',
    ...Object.fromEntries(Object.entries(EXTENSIONS).map(([t, e]) => [e, t])),
  };
  return byExt[ext];
};

/** A file's SHA-256 as hex: what duplicate warnings compare photos by. */
const contentHash = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** The size limit in whole megabytes (MiB), as the messages name it. */
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

export function createPhotosService(db: Database, options: PhotosServiceOptions) {
  return {
    ...photoIntake(db, options),
    ...uploadChecks(db, options),
    ...photoLists(options),
    ...photoLinks(options),
    ...photoCollection(db, options),
    storage: options.storage,
  };
}

/** Uploads coming in: signed URLs, and the photos a listing import fetched. */
function photoIntake(db: Database, options: PhotosServiceOptions) {
  const { storage, maxBytes, counters } = options;
  const ttl = options.uploadTtlSeconds ?? 15 * 60;

  /**
   * One signed PUT URL per file, bound to a key the server made, its type and its size: exact
   * when declared, else (a name alone) at most the size limit. Good for one upload each.
   */
  async function issueUploadUrls(
    userId: number,
    files: UploadUrlBody,
    now = new Date(),
  ): Promise<UploadUrlEntry[]> {
    const issues: Issue[] = [];
    const planned = files.map((file, index) => {
      const name = typeof file === 'string' ? file : file.name;
      const contentType = typeof file === 'string' ? typeFromName(file) : file.content_type;
      const size: UploadSize =
        typeof file === 'string' ? { atMost: maxBytes } : { exact: file.size };
      if (!contentType || !(PHOTO_CONTENT_TYPES as readonly string[]).includes(contentType)) {
        issues.push(issue(String(index), 'file_type', { name }));
      } else if ('exact' in size && size.exact > maxBytes) {
        issues.push(issue(String(index), 'file_too_large', { name, max: megabytes(maxBytes) }));
      }
      return { name, contentType: contentType ?? '', size };
    });
    if (issues.length) throw validationError(issues, 'No upload URLs were issued');

    const expiresAt = new Date(now.getTime() + ttl * 1000);
    const entries = await Promise.all(
      planned.map(async ({ name, contentType, size }) => {
        const key = newUploadKey(contentType, now);
        const { url, headers } = await storage.signPut({ key, contentType, size, expiresAt });
        return { name, url, headers, path: key, contentType, size };
      }),
    );
    await repo.insertUploads(
      db,
      entries.map((e) => ({
        key: e.path,
        issued_to: userId,
        content_type: e.contentType,
        // The most the upload may hold: its exact size, or the limit for a name alone.
        bytes: 'exact' in e.size ? e.size.exact : e.size.atMost,
        exact_size: 'exact' in e.size,
        issued_at: now,
      })),
    );
    counters?.signed.inc(entries.length);
    return entries.map(({ name, url, path, headers }) => ({ name, url, path, headers }));
  }

  /**
   * A photo the server fetched itself (a listing import's), stored as the caller's upload just as
   * a signed PUT would have left it: the same size limit, the content sniffed (its type is what
   * the bytes are, not what the server that sent them said), the row first, so a failed write
   * leaves a row the upload collection removes rather than a file nothing knows of. Attached
   * later, when a save names its path, after the same checks as every upload.
   */
  async function storeFetched(
    userId: number,
    body: Buffer,
    now = new Date(),
  ): Promise<{ path: string } | FetchedProblem> {
    const checked = await checkFetched(body);
    if ('problem' in checked) return checked;
    const { contentType } = checked;
    const key = newUploadKey(contentType, now);
    await repo.insertUploads(db, [
      {
        key,
        issued_to: userId,
        content_type: contentType,
        bytes: body.byteLength,
        exact_size: true,
        issued_at: now,
      },
    ]);
    await storage.write(key, body, contentType);
    counters?.signed.inc(1);
    return { path: key };
  }

  /** A fetched photo's checks, an upload's: the size limit, and an image that decodes whole. */
  async function checkFetched(body: Buffer): Promise<{ contentType: string } | FetchedProblem> {
    if (body.byteLength > maxBytes) return { problem: 'photo_too_large' };
    const inspected = await inspectImage(body);
    if ('problem' in inspected) return { problem: 'photo_unreadable' };
    const { contentType } = inspected.image;
    if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(contentType))
      return { problem: 'photo_unreadable' };
    return { contentType };
  }

  /**
   * A fetched photo (a listing import's proposal) as a small WebP to look at before choosing it,
   * after `storeFetched`'s checks: nothing is stored, and none of the fetched bytes go out as
   * they came (ADR 045).
   */
  async function thumbnailOfFetched(body: Buffer): Promise<{ thumbnail: Buffer } | FetchedProblem> {
    const checked = await checkFetched(body);
    if ('problem' in checked) return checked;
    try {
      return { thumbnail: await renderThumbnail(body) };
    } catch (err) {
      if (err instanceof UnreadableImageError) return { problem: 'photo_unreadable' };
      throw err;
    }
  }

  return { issueUploadUrls, storeFetched, thumbnailOfFetched };
}

/** A save's uploads checked before its transaction and claimed inside it. */
function uploadChecks(db: Database, { storage, maxBytes }: PhotosServiceOptions) {
  /**
   * Checks the new uploads among a save's photos (the paths; numbers are kept photos, left to the
   * caller) BEFORE its transaction, so no database lock or connection waits on storage: each must
   * be issued to the caller and unattached, stored (with exactly its signed size when it was
   * declared), within the size limit, and an image that decodes completely. Problems are named by
   * their place in the whole list (`photos.3`). `claimUploads` then locks the rows in the save's
   * transaction.
   */
  async function checkUploads(
    userId: number,
    entries: readonly (number | string)[],
  ): Promise<{ photos: AttachablePhoto[]; issues: Issue[] }> {
    const paths = entries.flatMap((entry, index) =>
      typeof entry === 'string' ? [{ key: entry, index }] : [],
    );
    const issued = new Map(
      (
        await repo.unattachedUploads(
          db,
          userId,
          paths.map((p) => p.key).filter((k) => UPLOAD_KEY.test(k)),
        )
      ).map((u) => [u.key, u]),
    );
    const issues: Issue[] = [];
    const seen = new Set<string>();
    const photos: AttachablePhoto[] = [];
    for (const { key, index } of paths) {
      const field = `photos.${index}`;
      const repeated = seen.has(key);
      seen.add(key);
      const upload = issued.get(key);
      if (repeated || !upload) {
        issues.push(issue(field, repeated ? 'photo_listed_twice' : 'photo_not_owned'));
        continue;
      }
      const stored = await storage.stat(key);
      if (!stored) {
        issues.push(issue(field, 'photo_not_stored'));
        continue;
      }
      // S3 cannot bind a size range to a presigned PUT: an upload signed for "at most" the limit
      // is measured here, before it is read, and removed when it is over.
      const allowed = Math.min(upload.bytes, maxBytes);
      if (stored.size > allowed) {
        await storage.remove([key]);
        const size = (stored.size / 1024 / 1024).toFixed(1);
        issues.push(issue(field, 'photo_too_large', { size, max: megabytes(maxBytes) }));
        continue;
      }
      // A store that does not enforce the signed length (or a PUT cut short that it kept anyway)
      // leaves fewer bytes than were declared: a part of a photo, whatever its header says.
      if (upload.exact_size && stored.size !== upload.bytes) {
        issues.push(issue(field, 'photo_incomplete'));
        continue;
      }
      const body = await storage.read(key);
      const inspected = await inspectImage(body);
      if ('problem' in inspected) {
        issues.push(
          issue(
            field,
            inspected.problem === 'incomplete' ? 'photo_incomplete' : 'photo_unreadable',
          ),
        );
        continue;
      }
      photos.push({ key, bytes: stored.size, contentHash: contentHash(body), ...inspected.image });
    }
    return { photos, issues };
  }

  /**
   * Inside the save's transaction: locks the checked uploads' rows until it commits. One attached
   * by another save since `checkUploads` (the same upload saved twice at once) is refused, named
   * by its place in `entries`; no storage call is made here.
   */
  async function claimUploads(
    tx: Database,
    userId: number,
    entries: readonly (number | string)[],
    photos: readonly AttachablePhoto[],
  ): Promise<Issue[]> {
    const claimed = new Set(
      (
        await repo.attachableUploads(
          tx,
          userId,
          photos.map((p) => p.key),
        )
      ).map((u) => u.key),
    );
    return photos
      .filter((p) => !claimed.has(p.key))
      .map((p) => issue(`photos.${entries.indexOf(p.key)}`, 'photo_not_owned'));
  }

  /**
   * The SHA-256 of each of the caller's uploads not attached yet, for duplicate warnings. A path
   * not issued to the caller (or listed twice) is refused as attaching would; one not stored yet
   * or over its size is skipped (saving reports it).
   */
  async function uploadHashes(
    userId: number,
    keys: string[],
  ): Promise<{ hashes: string[]; issues: Issue[] }> {
    const issued = new Map(
      (
        await repo.unattachedUploads(
          db,
          userId,
          keys.filter((k) => UPLOAD_KEY.test(k)),
        )
      ).map((u) => [u.key, u]),
    );
    const issues: Issue[] = [];
    const seen = new Set<string>();
    const hashes: string[] = [];
    for (const [index, key] of keys.entries()) {
      const repeated = seen.has(key);
      seen.add(key);
      const upload = issued.get(key);
      if (repeated || !upload) {
        issues.push(issue(`photos.${index}`, repeated ? 'photo_listed_twice' : 'photo_not_owned'));
        continue;
      }
      const stored = await storage.stat(key);
      if (!stored || stored.size > Math.min(upload.bytes, maxBytes)) continue;
      hashes.push(contentHash(await storage.read(key)));
    }
    return { hashes, issues };
  }

  return { checkUploads, claimUploads, uploadHashes };
}

/** An owner's photo list (a property's or a visit's) edited inside the caller's transaction. */
function photoLists({ counters }: PhotosServiceOptions) {
  /** An edit's kept photos (numbers in its list) that are not among the owner's `existing` ones. */
  const unknownPhotoIds = (entries: readonly (number | string)[], existing: ReadonlySet<number>) =>
    entries.flatMap((entry, index) =>
      typeof entry === 'number' && !existing.has(entry)
        ? [issue(`photos.${index}`, 'photo_not_of_property', { id: entry })]
        : [],
    );

  /**
   * Marks uploads attached, inside the caller's transaction. They are counted once the update
   * succeeds, not at commit: a save that fails after this step (its connection lost) was counted.
   */
  async function markAttached(tx: Database, keys: string[]) {
    await repo.markAttached(tx, keys);
    if (keys.length) counters?.attached.inc(keys.length);
  }

  /**
   * Applies an edit's photo list to an owner's photos (a property's or a visit's) in the caller's
   * transaction: the photos left out are removed, the kept ones take their new positions, the new
   * uploads are added where they stand, and marked attached. `rows` writes the owner's own table.
   * Answers what moved, for the history.
   */
  async function applyPhotoList<P extends { id: number; storage_key: string }>(
    tx: Database,
    existing: ReadonlyMap<number, P>,
    list: readonly (number | string)[],
    uploads: readonly AttachablePhoto[],
    rows: PhotoRows,
  ) {
    const kept = new Set(list.filter((e): e is number => typeof e === 'number'));
    const removed = [...existing.values()].filter((p) => !kept.has(p.id));
    await rows.remove(removed.map((p) => p.id));
    const added = new Map(uploads.map((p) => [p.key, p]));
    const order: number[] = [];
    const addedIds: number[] = [];
    for (const [position, entry] of list.entries()) {
      if (typeof entry === 'number') {
        await rows.move(entry, position);
        order.push(entry);
      } else {
        const photo = added.get(entry);
        if (!photo) continue;
        const photoId = await rows.add(photo, position);
        order.push(photoId);
        addedIds.push(photoId);
      }
    }
    await markAttached(tx, [...added.keys()]);
    return {
      removed,
      addedIds,
      /** How many uploads were attached. */
      attached: added.size,
      /** The photos kept, in their order before and after the edit. */
      keptBefore: [...existing.keys()].filter((id) => kept.has(id)),
      keptAfter: order.filter((id) => kept.has(id)),
      /** Every photo's id in the new order, cover first. */
      order,
    };
  }

  return { unknownPhotoIds, markAttached, applyPhotoList };
}

/** Signed download links and the resized copies they serve. */
function photoLinks({ storage, signer }: PhotosServiceOptions) {
  /** Download URLs stay the same for a day (cacheable) and work for at least a day. */
  const urlExpiry = (now = Date.now()) => (Math.floor(now / 1000 / DAY) + 2) * DAY;
  const getPayload = (key: string, variant: string, expires: number) =>
    `GET\n${key}\n${variant}\n${expires}`;

  /** A photo's links of one day, each signed when first asked for. */
  type DayLinks = { expires: number; card?: string; gallery?: string; original?: string };
  // A link is the same all day, so a page of cards signs each cover once a day, not per request.
  // One entry per photo holds all its variants: a detail's three links are one lookup.
  const signedLinks = new LRUCache<string, DayLinks>({ max: 20_000 });

  /** Today's links of one photo, from the cache or a new entry. */
  function dayLinks(key: string): DayLinks {
    const expires = urlExpiry();
    let links = signedLinks.get(key);
    if (links === undefined || links.expires !== expires) {
      links = { expires, card: undefined, gallery: undefined, original: undefined };
      signedLinks.set(key, links);
    }
    return links;
  }

  // `expires` is digits and the signature base64url: neither needs escaping in a query string.
  const signedLink = (key: string, variant: Variant | 'original', expires: number) =>
    `/photos/${key}/${variant}?expires=${expires}&sig=${signer.sign(getPayload(key, variant, expires))}`;

  /** The card-sized link alone, for the grid's cards. */
  const cardPhotoUrl = (key: string) => {
    const links = dayLinks(key);
    links.card ??= signedLink(key, 'card', links.expires);
    return links.card;
  };

  const photoUrls = (key: string) => {
    const links = dayLinks(key);
    links.gallery ??= signedLink(key, 'gallery', links.expires);
    links.card ??= signedLink(key, 'card', links.expires);
    links.original ??= signedLink(key, 'original', links.expires);
    return { url: links.gallery, thumbnail_url: links.card, original_url: links.original };
  };

  const checkDownload = (
    key: string,
    variant: string,
    expires: string | undefined,
    sig: string | undefined,
  ) =>
    UPLOAD_KEY.test(key) &&
    (variant === 'original' || variant in VARIANTS) &&
    !!expires &&
    !!sig &&
    Number(expires) * 1000 > Date.now() &&
    signer.verify(getPayload(key, variant, Number(expires)), sig);

  /** The resized copy, made on first request and kept in storage next to the original. */
  async function ensureVariant(
    key: string,
    variant: Variant,
  ): Promise<{ key: string; body?: Buffer }> {
    const target = variantKey(key, variant);
    if (await storage.stat(target)) return { key: target };
    const body = await renderVariant(await storage.read(key), variant);
    await storage.write(target, body, 'image/webp');
    return { key: target, body };
  }

  return { photoUrls, cardPhotoUrl, checkDownload, ensureVariant };
}

/** Files no row names any more: uploads never attached, a deleted owner's photos. */
function photoCollection(db: Database, { storage, counters }: PhotosServiceOptions) {
  /**
   * Deletes uploads nobody attached within a day and answers their keys. Safe with several
   * processes at once: each batch's rows are taken (deleted) by one statement that skips rows
   * another process holds (`FOR UPDATE SKIP LOCKED`), and their files removed after it commits, so
   * no transaction or connection waits on the store. A removal that fails puts the rows back for
   * the next collection, so no file is left that nothing knows of.
   */
  async function collectUnattached(now = new Date(), batch = 200) {
    const collected: string[] = [];
    const cutoff = new Date(now.getTime() - UNATTACHED_LIFETIME_MS);
    for (;;) {
      const taken = await repo.takeStaleUploads(db, cutoff, batch);
      if (taken.length === 0) return collected;
      const keys = taken.map((r) => r.key);
      try {
        await storage.remove([
          ...keys,
          ...keys.flatMap((k) => Object.keys(VARIANTS).map((v) => variantKey(k, v))),
        ]);
      } catch (err) {
        await repo.restoreUploads(db, taken);
        throw err;
      }
      collected.push(...keys);
      counters?.collected.inc(keys.length);
      if (taken.length < batch) return collected;
    }
  }

  /**
   * Removes the files of photos whose rows are gone (a deleted property), once those rows' removal
   * is committed (ADR 062's request transaction).
   */
  const removeFiles = (keys: string[]) =>
    afterCommit(() =>
      storage.remove([
        ...keys,
        ...keys.flatMap((k) => Object.keys(VARIANTS).map((v) => variantKey(k, v))),
      ]),
    );

  return { collectUnattached, removeFiles };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
