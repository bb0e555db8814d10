import type { FieldErrors } from '@bec/contracts';
import type { FileRejection } from '@mantine/dropzone';
import { useEffect, useRef, useState } from 'react';
import { type UploadJob, uploadPhotos } from '@/entities/uploads/upload-photos';
import {
  MAX_PHOTOS,
  notAnImage,
  photoContentType,
  rejectionMessage,
  type SelectedPhoto,
} from '@/features/properties/components/photo-picker/photo-files';
import {
  uploadFailuresMessage,
  uploadUrlFailureMessage,
} from '@/features/properties/components/photo-picker/photo-messages';
import { t } from '@/i18n/i18n';
import { fieldErrorTexts } from '@/lib/error-text';

/** The paths to post, in the order picked, or why not (null: nothing to tell, e.g. aborted). */
export type PhotoUploadOutcome =
  | { ok: true; paths: string[] }
  | { ok: false; message: string | null };

/** Files uploaded so far in the current round, of how many. */
export type UploadCount = { done: number; total: number };

const PHOTO_FIELD = /^photos\.(\d+)$/;

/** The same file picked twice (same name, size and date) is most likely a slip. */
const sameFile = (a: File | null, b: File) =>
  a !== null && a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** The last part of an image URL's path, as its name ("foto-1.jpg"), else its host. */
export function photoNameOf(url: string): string {
  try {
    const { pathname, hostname } = new URL(url);
    const last = decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? '');
    return last || hostname;
  } catch {
    return url;
  }
}

/** A file picked from the device, ready to upload. */
const pickedFile = (
  id: string,
  file: File,
  contentType: NonNullable<SelectedPhoto['contentType']>,
  previewUrl: string,
): SelectedPhoto => ({
  id,
  file,
  name: file.name,
  contentType,
  previewUrl,
  importedFrom: null,
  status: 'ready',
  progress: 0,
  path: null,
  error: null,
});

/** A listing's photo the server already fetched into the caller's uploads. */
const importedPhoto = (id: string, url: string, path: string): SelectedPhoto => ({
  id,
  file: null,
  name: photoNameOf(url),
  contentType: null,
  previewUrl: null,
  importedFrom: url,
  status: 'uploaded',
  progress: 100,
  path,
  error: null,
});

/**
 * The photos picked in the add form and their uploads. Files keep their order (the first is the
 * cover); each has an object URL for its thumbnail, revoked when it leaves the list or the form
 * unmounts (which also aborts uploads under way). `upload()` sends those not in storage yet, so
 * after a failure only the failed ones go again.
 */
export function usePhotoUploads() {
  const [photos, setPhotos] = useState<SelectedPhoto[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const [uploadCount, setUploadCount] = useState<UploadCount | null>(null);
  const previewUrls = useRef(new Set<string>());
  const uploads = useRef<AbortController | null>(null);
  const nextId = useRef(1);

  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      uploads.current?.abort();
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const revoke = (url: string) => {
    URL.revokeObjectURL(url);
    previewUrls.current.delete(url);
  };

  const patch = (id: string, change: Partial<SelectedPhoto>) =>
    setPhotos((current) =>
      current.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)),
    );

  /** Adds what Dropzone accepted, up to MAX_PHOTOS; says why anything else was left out. */
  const add = (accepted: File[], refused: FileRejection[] = []) => {
    const messages = refused.map(rejectionMessage);
    const picked: SelectedPhoto[] = [];
    for (const file of accepted) {
      const contentType = photoContentType(file);
      if (!contentType) {
        messages.push(t('properties.photos.fileReason', { name: file.name, reason: notAnImage() }));
      } else if ([...photos, ...picked].some((photo) => sameFile(photo.file, file))) {
        messages.push(t('properties.photos.duplicate', { name: file.name }));
      } else if (photos.length + picked.length >= MAX_PHOTOS) {
        messages.push(t('properties.photos.tooMany', { name: file.name, max: MAX_PHOTOS }));
      } else {
        const previewUrl = URL.createObjectURL(file);
        previewUrls.current.add(previewUrl);
        picked.push(pickedFile(`photo-${nextId.current++}`, file, contentType, previewUrl));
      }
    }
    if (picked.length > 0) setPhotos((current) => [...current, ...picked]);
    setRejections(messages);
  };

  /**
   * Adds a listing's photos the server fetched into uploads already (POST
   * /api/properties/import/photos): they go with the save by their paths, as uploaded files do.
   */
  const addImported = (imported: readonly { url: string; path: string }[]) => {
    const room = Math.max(0, MAX_PHOTOS - photos.length);
    const picked = imported
      .slice(0, room)
      .map(({ url, path }) => importedPhoto(`photo-${nextId.current++}`, url, path));
    if (picked.length > 0) setPhotos((current) => [...current, ...picked]);
    setRejections(
      imported
        .slice(room)
        .map(({ url }) =>
          t('properties.photos.tooMany', { name: photoNameOf(url), max: MAX_PHOTOS }),
        ),
    );
  };

  const remove = (id: string) => {
    const photo = photos.find((candidate) => candidate.id === id);
    if (!photo) return;
    if (photo.previewUrl) revoke(photo.previewUrl);
    setPhotos((current) => current.filter((candidate) => candidate.id !== id));
  };

  /** Empties the list (after the property is added). */
  const reset = () => {
    for (const photo of photos) if (photo.previewUrl) revoke(photo.previewUrl);
    setPhotos([]);
    setRejections([]);
    setUploadCount(null);
  };

  /**
   * Uploads the files not in storage yet: URLs for all of them in one request, then the PUTs with
   * progress. Answers every photo's path in order, or the message to alert with.
   */
  const upload = async (): Promise<PhotoUploadOutcome> => {
    const sending = photos;
    // An imported photo the server refused has no file to send again: it must be removed.
    if (sending.some((photo) => photo.path === null && photo.file === null)) {
      return { ok: false, message: t('properties.photos.importedFailed') };
    }
    const jobs: UploadJob[] = sending.flatMap(({ id, file, contentType, path }) =>
      path === null && file && contentType ? [{ id, file, contentType }] : [],
    );
    setRejections([]);
    const controller = new AbortController();
    let uploaded = new Map<string, string>();
    if (jobs.length > 0) {
      const ids = new Set(jobs.map((job) => job.id));
      setPhotos((current) =>
        current.map((photo) =>
          ids.has(photo.id) ? { ...photo, status: 'ready', progress: 0, error: null } : photo,
        ),
      );
      setUploadCount({ done: 0, total: jobs.length });
      const finished = () => setUploadCount((count) => count && { ...count, done: count.done + 1 });
      uploads.current = controller;
      try {
        const result = await uploadPhotos(jobs, {
          signal: controller.signal,
          onStart: (id) => patch(id, { status: 'uploading', progress: 0 }),
          onProgress: (id, progress) => patch(id, { progress }),
          onUploaded: (id, path) => {
            patch(id, { status: 'uploaded', progress: 100, path });
            finished();
          },
          onFailed: (id, error) => {
            patch(id, { status: 'failed', error });
            finished();
          },
        });
        if (result.status === 'urls-failed') {
          // The server names the file it refused, by its position in the request.
          for (const [key, messages] of Object.entries(fieldErrorTexts(result.error))) {
            const job = jobs[Number(key)];
            if (job) patch(job.id, { status: 'failed', error: messages.join(' ') });
          }
          return { ok: false, message: uploadUrlFailureMessage(result.error) };
        }
        if (result.status === 'files-failed') {
          return { ok: false, message: uploadFailuresMessage(result.failures) };
        }
        uploaded = result.paths;
      } catch (error) {
        if (controller.signal.aborted) return { ok: false, message: null };
        throw error;
      } finally {
        if (uploads.current === controller) uploads.current = null;
        setUploadCount(null);
      }
    }
    const paths = sending.flatMap((photo) => {
      const path = photo.path ?? uploaded.get(photo.id);
      return path ? [path] : [];
    });
    return { ok: true, paths };
  };

  /**
   * Puts the server's `photos.N` errors (N: the position in `sentPaths`) on their files, which
   * then upload again on the next try. Answers whether any was a photo's.
   */
  const showServerErrors = (fieldErrors: FieldErrors, sentPaths: string[]): boolean => {
    const byPath = new Map<string, string>();
    for (const [key, messages] of Object.entries(fieldErrors)) {
      const index = PHOTO_FIELD.exec(key)?.[1];
      const path = index === undefined ? undefined : sentPaths[Number(index)];
      if (path) byPath.set(path, messages.join(' '));
    }
    if (byPath.size === 0) return false;
    setPhotos((current) =>
      current.map((photo) => {
        const error = photo.path ? byPath.get(photo.path) : undefined;
        return error ? { ...photo, status: 'failed', progress: 0, path: null, error } : photo;
      }),
    );
    return true;
  };

  return {
    photos,
    rejections,
    uploadCount,
    add,
    addImported,
    remove,
    reset,
    upload,
    showServerErrors,
  };
}
