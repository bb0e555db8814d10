import { AppError } from '../../../lib/app-error.js';
import type { PhotoStorage } from './photo-storage.js';

/** The storage calls that reach the store (signing URLs is local work and is not counted). */
export const STORAGE_OPERATIONS = ['stat', 'read', 'write', 'remove', 'list', 'check'] as const;
export type StorageOperation = (typeof STORAGE_OPERATIONS)[number];

/**
 * How a call ended: `success`; `unavailable` (the store could not be used: no connection, a
 * timeout, a 5xx, refused credentials); `error` (anything else, such as a key that is not there).
 */
type StorageOutcome = 'success' | 'unavailable' | 'error';

/** Told of every call, with how long it took (metrics.ts's storage metrics). */
export type StorageObserver = (
  operation: StorageOperation,
  outcome: StorageOutcome,
  seconds: number,
) => void;

/** A storage call failed because the store cannot be used right now: 503, never a 500. */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('STORAGE_UNAVAILABLE', 'Photo storage is unavailable right now; try again in a moment.');
    this.cause = cause;
  }
}

const UNAVAILABLE_CODES = new Set([
  // The network (the S3 client), timeouts included.
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // The disk (local storage): full, read-only, not ours, failing.
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'EMFILE',
  'ENFILE',
  'ESTALE',
]);

/** The SDK's names for a try that timed out or was aborted, and for credentials it cannot get. */
const UNAVAILABLE_NAMES = new Set(['TimeoutError', 'AbortError', 'CredentialsProviderError']);

/** Whether an error (or one it wraps) says the store cannot be used now, rather than a bad call. */
export function isStorageUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, name, $metadata } = e as {
      code?: unknown;
      name?: unknown;
      $metadata?: { httpStatusCode?: number };
    };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
    const status = $metadata?.httpStatusCode ?? 0;
    // 5xx and throttling; 401/403: the credentials or the bucket's policy refuse every call.
    if (status >= 500 || status === 429 || status === 401 || status === 403) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export type GuardedStorageOptions = {
  observe?: StorageObserver;
  /** How long the last outcome stands for the store's state in readiness (default 10 s). */
  freshMs?: number;
  /** How long readiness waits for a probe before it reports the store unavailable (1 s). */
  probeWaitMs?: number;
  now?: () => number;
};

/**
 * The app's storage: every call timed and counted, a failure to use the store turned into a 503
 * `STORAGE_UNAVAILABLE` (instead of a 500, or a database error for a refused connection), and the
 * store's state kept for readiness. `readiness()` is cheap: the last call's outcome while it is
 * fresh (a busy process probes nothing), else one probe (`check`: HeadBucket, or the folder) that
 * concurrent probes share, waited on for at most `probeWaitMs`.
 */
export function guardStorage(storage: PhotoStorage, options: GuardedStorageOptions = {}) {
  const { observe, freshMs = 10_000, probeWaitMs = 1000, now = Date.now } = options;
  let last: { available: boolean; at: number } | null = null;

  const settle = (operation: StorageOperation, started: number, err?: unknown) => {
    const unavailable = err !== undefined && (operation === 'check' || isStorageUnavailable(err));
    const outcome: StorageOutcome =
      err === undefined ? 'success' : unavailable ? 'unavailable' : 'error';
    observe?.(operation, outcome, (performance.now() - started) / 1000);
    if (outcome !== 'error') last = { available: outcome === 'success', at: now() };
    if (unavailable) throw new StorageUnavailableError(err);
    if (err !== undefined) throw err;
  };

  const guarded =
    <A extends unknown[], R>(operation: StorageOperation, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      let result: R;
      try {
        result = await call(...args);
      } catch (err) {
        settle(operation, started, err);
        throw err;
      }
      settle(operation, started);
      return result;
    };

  const wrapped: PhotoStorage = {
    kind: storage.kind,
    signPut: (input) => storage.signPut(input),
    signGet: (key, expiresInSeconds) => storage.signGet(key, expiresInSeconds),
    stat: guarded('stat', (key: string) => storage.stat(key)),
    read: guarded('read', (key: string) => storage.read(key)),
    write: guarded('write', (key: string, body: Buffer, contentType: string) =>
      storage.write(key, body, contentType),
    ),
    remove: guarded('remove', (keys: string[]) => storage.remove(keys)),
    check: guarded('check', () => storage.check()),
    async *list(prefix) {
      const started = performance.now();
      try {
        yield* storage.list(prefix);
      } catch (err) {
        settle('list', started, err);
        throw err;
      }
      settle('list', started);
    },
  };

  let probe: Promise<void> | null = null;
  async function readiness(): Promise<'ok' | 'unavailable'> {
    const known = last;
    if (known && now() - known.at < freshMs) return known.available ? 'ok' : 'unavailable';
    probe ??= wrapped
      .check()
      .catch(() => undefined)
      .finally(() => {
        probe = null;
      });
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      probe.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), probeWaitMs);
      }),
    ]);
    clearTimeout(timer);
    // A probe still waiting is reported as it stands; it records its outcome when it ends.
    return answered && last?.available ? 'ok' : 'unavailable';
  }

  return { storage: wrapped, readiness };
}
