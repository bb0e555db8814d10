import type { UploadUrlEntry } from '@bec/contracts';
import { requestUploadUrls, type UploadFileInfo } from '@/entities/uploads/request-upload-urls';
import { PhotoUploadError, uploadPhoto } from '@/entities/uploads/upload-photo';
import { t } from '@/i18n/i18n';

/** How many files are PUT at once. */
const UPLOAD_CONCURRENCY = 3;

/** The text for a URL answered for a file that is not among those picked. */
const originalFileNotFound = () => t('uploads.originalNotFound');

/**
 * Whether a failed PUT may be sent again to the same URL: nothing answered, or storage was busy or
 * down. A refusal (4xx) would be refused again; a URL is single-use (ADR 011), so a PUT that did
 * store the file before its answer was lost is refused on the second try, and fails as such.
 */
const isTransient = (error: unknown) =>
  error instanceof PhotoUploadError &&
  (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

/** 1 s, 2 s, 4 s, … before the next try of a PUT. */
const retryBackoff = (attempt: number) => 1000 * 2 ** attempt;

/** Waits `ms`, or rejects at once with the signal's AbortError. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** One file to upload, with the content type its URL is signed for. */
export type UploadJob = { id: string; file: File; contentType: string };

export type UploadFailure = { id: string; name: string; message: string };

export type UploadPhotosOptions = {
  /** How many PUTs run at once. */
  concurrency?: number;
  /** Aborts the PUTs under way and those not started: the call rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * How many more times a PUT that failed for a passing reason (nothing answered, 408, 429, 5xx)
   * is sent, after `retryDelay(attempt)` ms. None by default: each caller's retry is the next
   * round, which uploads again only the files not in storage yet.
   */
  retries?: number;
  retryDelay?: (attempt: number) => number;
  /** How a file's failure reads (null: no URL was answered for it); "Upload failed: …" if left out. */
  failureMessage?: (name: string, error: PhotoUploadError | null) => string;
  /** A file's PUT started. */
  onStart?: (id: string) => void;
  /** A file's whole percent sent changed. */
  onProgress?: (id: string, percent: number) => void;
  onUploaded?: (id: string, path: string) => void;
  onFailed?: (id: string, message: string) => void;
  /** The endpoints, replaceable in tests. */
  requestUrls?: (files: UploadFileInfo[]) => Promise<UploadUrlEntry[]>;
  put?: typeof uploadPhoto;
};

export type UploadPhotosResult =
  /** Every file is in storage: its path by job id. */
  | { status: 'uploaded'; paths: Map<string, string> }
  /** POST /api/photos/upload_url failed; nothing was uploaded. */
  | { status: 'urls-failed'; error: unknown }
  /** Some PUTs failed (the others are in `paths`). */
  | { status: 'files-failed'; failures: UploadFailure[]; paths: Map<string, string> };

/**
 * Pairs each job with its answered entry: the server answers in the order asked, so by position,
 * checked by name. A job left without an entry of its name has no URL to go to.
 */
function pairEntries(jobs: UploadJob[], entries: UploadUrlEntry[]) {
  const unused = [...entries];
  return jobs.map((job, index) => {
    const byPosition = entries[index];
    const entry =
      byPosition && byPosition.name === job.file.name && unused.includes(byPosition)
        ? byPosition
        : unused.find((candidate) => candidate.name === job.file.name);
    if (entry) unused.splice(unused.indexOf(entry), 1);
    return { job, entry };
  });
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';

/**
 * The one upload pipeline (ADR 029), for a property's photos and a visit's alike: one
 * POST /api/photos/upload_url for every job ({name, content_type, size}), then a PUT of each file
 * straight to its signed URL with its own content type, `concurrency` at a time, reporting
 * progress per file, each tried again `retries` times on a passing failure. A failed PUT is
 * recorded as "Upload failed: {code} {text}" and the others still finish; the caller saves only
 * when every file is uploaded. Rejects only when `signal` aborts.
 */
export async function uploadPhotos(
  jobs: UploadJob[],
  {
    concurrency = UPLOAD_CONCURRENCY,
    signal,
    retries = 0,
    retryDelay = retryBackoff,
    failureMessage,
    onStart,
    onProgress,
    onUploaded,
    onFailed,
    requestUrls = requestUploadUrls,
    put = uploadPhoto,
  }: UploadPhotosOptions = {},
): Promise<UploadPhotosResult> {
  let entries: UploadUrlEntry[];
  try {
    entries = await requestUrls(
      jobs.map(({ file, contentType }) => ({
        name: file.name,
        content_type: contentType,
        size: file.size,
      })),
    );
  } catch (error) {
    return { status: 'urls-failed', error };
  }
  signal?.throwIfAborted();

  const paths = new Map<string, string>();
  const failures: UploadFailure[] = [];
  const fail = (job: UploadJob, message: string) => {
    failures.push({ id: job.id, name: job.file.name, message });
    onFailed?.(job.id, message);
  };

  const queue = pairEntries(jobs, entries);
  for (const { job, entry } of queue)
    if (!entry) fail(job, failureMessage?.(job.file.name, null) ?? originalFileNotFound());
  const pending = queue.flatMap(({ job, entry }) => (entry ? [{ job, entry }] : []));

  const putOnce = (job: UploadJob, entry: UploadUrlEntry) => {
    let shown = -1;
    return put({
      url: entry.url,
      file: job.file,
      contentType: job.contentType,
      headers: entry.headers,
      signal,
      onProgress: (loaded, total) => {
        const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
        if (percent === shown) return;
        shown = percent;
        onProgress?.(job.id, percent);
      },
    });
  };

  const send = async (job: UploadJob, entry: UploadUrlEntry) => {
    onStart?.(job.id);
    for (let attempt = 0; ; attempt += 1) {
      try {
        await putOnce(job, entry);
        paths.set(job.id, entry.path);
        onUploaded?.(job.id, entry.path);
        return;
      } catch (error) {
        if (isAbort(error)) throw error;
        if (attempt < retries && isTransient(error)) {
          await wait(retryDelay(attempt), signal);
          continue;
        }
        const uploadError =
          error instanceof PhotoUploadError
            ? error
            : new PhotoUploadError(0, error instanceof Error ? error.message : String(error));
        fail(job, failureMessage?.(job.file.name, uploadError) ?? uploadError.message);
        return;
      }
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const item = pending[next];
      next += 1;
      if (item) await send(item.job, item.entry);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, concurrency), pending.length) }, worker),
  );

  if (failures.length > 0) {
    // In the order picked, whatever order they failed in.
    const order = new Map(jobs.map((job, index) => [job.id, index]));
    failures.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { status: 'files-failed', failures, paths };
  }
  return { status: 'uploaded', paths };
}
