import { describe, expect, it } from 'vitest';
import {
  guardStorage,
  isStorageUnavailable,
  type StorageObserver,
  StorageUnavailableError,
} from './guarded-storage.js';
import type { PhotoStorage } from './photo-storage.js';

/** A store whose calls do what the test says; it counts its probes. */
function fakeStore(behaviour: {
  stat?: () => Promise<{ size: number } | null>;
  check?: () => Promise<void>;
}) {
  const calls = { check: 0 };
  const store: PhotoStorage = {
    kind: 's3',
    signPut: async () => ({ url: '', headers: {} }),
    signGet: async () => null,
    stat: behaviour.stat ?? (async () => ({ size: 1 })),
    read: async () => Buffer.alloc(0),
    write: async () => {},
    remove: async () => {},
    async *list() {},
    check: () => {
      calls.check++;
      return behaviour.check ? behaviour.check() : Promise.resolve();
    },
  };
  return { store, calls };
}

/** An error as the AWS SDK throws it for an HTTP answer. */
const sdkError = (name: string, status: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });

describe('isStorageUnavailable', () => {
  it('reads a store that cannot be used from the network, the SDK, the status and the disk', () => {
    for (const err of [
      Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      Object.assign(new Error('slow'), { name: 'TimeoutError' }),
      sdkError('InternalError', 500),
      sdkError('SlowDown', 503),
      sdkError('AccessDenied', 403),
      Object.assign(new Error('full'), { code: 'ENOSPC' }),
      new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ETIMEDOUT' }) }),
    ])
      expect(isStorageUnavailable(err), err.message).toBe(true);
    for (const err of [
      sdkError('NoSuchKey', 404),
      sdkError('InvalidArgument', 400),
      Object.assign(new Error('gone'), { code: 'ENOENT' }),
      new TypeError('a bug'),
    ])
      expect(isStorageUnavailable(err), err.message).toBe(false);
  });
});

describe('guardStorage', () => {
  it('turns a store that cannot be used into STORAGE_UNAVAILABLE, passes other errors on, counts both', async () => {
    const seen: Parameters<StorageObserver>[] = [];
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const missing = sdkError('NoSuchKey', 404);
    let next: unknown = refused;
    const { store } = fakeStore({
      stat: async () => {
        if (next) throw next;
        return { size: 3 };
      },
    });
    const { storage } = guardStorage(store, { observe: (...args) => seen.push(args) });

    const failed = await storage.stat('k').catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(StorageUnavailableError);
    expect(failed).toMatchObject({ code: 'STORAGE_UNAVAILABLE', cause: refused });
    next = missing;
    await expect(storage.stat('k')).rejects.toBe(missing);
    next = null;
    expect(await storage.stat('k')).toEqual({ size: 3 });
    expect(seen.map(([operation, outcome]) => `${operation}:${outcome}`)).toEqual([
      'stat:unavailable',
      'stat:error',
      'stat:success',
    ]);
  });

  it('answers readiness from the last outcome while fresh, else from one shared probe', async () => {
    let clock = 0;
    const { store, calls } = fakeStore({});
    const { storage, readiness } = guardStorage(store, { freshMs: 10_000, now: () => clock });
    await storage.stat('k');
    expect(await readiness()).toBe('ok');
    expect(calls.check).toBe(0);
    clock = 10_000;
    expect(await Promise.all([readiness(), readiness()])).toEqual(['ok', 'ok']);
    expect(calls.check).toBe(1);
    expect(await readiness()).toBe('ok');
    expect(calls.check).toBe(1);
  });

  it('reports a store whose probe does not answer in time as unavailable, without waiting for it', async () => {
    let answer = () => {};
    const { store, calls } = fakeStore({
      check: () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    });
    const { readiness } = guardStorage(store, { probeWaitMs: 20 });
    expect(await readiness()).toBe('unavailable');
    // Still the same probe: it is not started again while it waits.
    expect(await readiness()).toBe('unavailable');
    expect(calls.check).toBe(1);
    answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await readiness()).toBe('ok');
  });
});
