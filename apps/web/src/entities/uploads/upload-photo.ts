import { t } from '@/i18n/i18n';
import '@/entities/uploads/messages';

/**
 * Reason phrases for the statuses a signed PUT may answer. HTTP/2 (S3 and most CDNs) sends no
 * reason phrase, so `statusText` is then empty and the message would say only the number.
 */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  411: 'Length Required',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What a failed upload says, in the current language: "Upload failed: 413 Payload Too Large". */
const uploadFailedMessage = (status: number, reason: string) =>
  t('uploads.failed', { status, reason }).trimEnd();

/** A PUT that did not store the file: the HTTP status (0 when nothing answered) and its text. */
export class PhotoUploadError extends Error {
  override readonly name = 'PhotoUploadError';
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, statusText: string) {
    const text = statusText || REASONS[status] || '';
    super(uploadFailedMessage(status, text));
    this.status = status;
    this.statusText = text;
  }
}

export type UploadPhotoOptions = {
  /** The signed URL from POST /api/photos/upload_url: absolute, or a path on this origin. */
  url: string;
  file: Blob;
  /** The type the URL was signed for; storage refuses any other. */
  contentType: string;
  /**
   * The entry's headers, sent verbatim (they are signed: e.g. S3's `If-None-Match: *`, which makes
   * the URL single-use). A Content-Type among them wins over `contentType`.
   */
  headers?: Record<string, string>;
  /** Bytes sent so far and in all, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/**
 * PUTs one file to its signed URL with its own Content-Type, the entry's signed headers and the
 * raw file as body, and no Authorization header (the URL is the permission). XMLHttpRequest rather than fetch, for the
 * upload's progress events. Resolves on a 2xx; rejects with a PhotoUploadError ("Upload failed:
 * 413 Payload Too Large", "Upload failed: 0 Network error"), or an AbortError when `signal` aborts.
 */
export function uploadPhoto({
  url,
  file,
  contentType,
  headers = {},
  onProgress,
  signal,
}: UploadPhotoOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was aborted.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', onAbortSignal);
      outcome();
    };

    xhr.open('PUT', url);
    // By lower-cased name: setRequestHeader twice with one name would join the two values.
    const sent = new Map<string, [string, string]>([
      ['content-type', ['Content-Type', contentType]],
    ]);
    for (const [name, value] of Object.entries(headers))
      sent.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of sent.values()) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
      });
    }
    xhr.addEventListener('load', () =>
      settle(() => {
        if (xhr.status >= 200 && xhr.status < 300) resolve();
        else reject(new PhotoUploadError(xhr.status, xhr.statusText));
      }),
    );
    xhr.addEventListener('error', () =>
      settle(() => reject(new PhotoUploadError(0, t('uploads.networkError')))),
    );
    xhr.addEventListener('timeout', () =>
      settle(() => reject(new PhotoUploadError(0, t('uploads.networkError')))),
    );
    xhr.addEventListener('abort', () => settle(() => reject(aborted())));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(file);
  });
}
