import type { ImportedListing } from '@bec/contracts';
import { Piscina } from 'piscina';
import type { ListingReadInput, ListingReadTask } from './listing-reader.worker.js';

/**
 * Reads listings in a pool of worker threads, each reading on a deadline
 * (docs/decisions/058-untrusted-text-off-the-event-loop.md): the event loop never runs a pattern
 * over a member's text, so no pasted listing or fetched page delays anyone else's request. A
 * reading past its time is stopped by ending its thread, which the pool replaces.
 */

/** Why a reading gave no proposal: it ran past its time, or too many were waiting already. */
export class ListingReadError extends Error {
  override readonly name = 'ListingReadError';
  constructor(readonly reason: 'too_complex' | 'busy') {
    super(
      reason === 'too_complex'
        ? 'The listing took too long to read'
        : 'Too many listings are being read right now',
    );
  }
}

type ReaderOptions = {
  /** The time one reading may run, from its start in a thread (IMPORT_READ_TIMEOUT). */
  timeoutMs: number;
  /** Threads reading at once: one core is left to the event loop. */
  threads: number;
};

export function createListingReader({ timeoutMs, threads }: ReaderOptions) {
  // From the sources (tests, `npm run dev`) the worker is TypeScript, loaded as the rest is by
  // tsx; built, it is dist/listing-reader.worker.js beside the server (apps/api/build.mjs).
  const fromSource = import.meta.url.endsWith('.ts');
  const pool = new Piscina<ListingReadTask, ImportedListing>({
    filename: new URL(`./listing-reader.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: threads,
    // A queue of a few readings per thread: each waits at most that many deadlines.
    maxQueue: threads * 4,
    // Kept a while after a reading: a member importing listings one after another meets a warm one.
    idleTimeout: 300_000,
    // A page's tree is a few times the page; a reading that needs more is no listing.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });

  /** The proposal read in a thread; a ListingReadError past the deadline or with a full queue. */
  async function read(input: ListingReadInput, signal?: AbortSignal): Promise<ImportedListing> {
    const started = new Int32Array(new SharedArrayBuffer(4));
    const controller = new AbortController();
    const onClientGone = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onClientGone, { once: true });
    let overran = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const startClock = () => {
      if (settled) return;
      timer = setTimeout(() => {
        overran = true;
        controller.abort();
      }, timeoutMs);
    };
    const waiting = Atomics.waitAsync(started, 0, 0);
    if (waiting.async) void waiting.value.then(startClock);
    else startClock();
    try {
      return await pool.run({ ...input, started }, { signal: controller.signal });
    } catch (err) {
      if (overran) throw new ListingReadError('too_complex');
      if (signal?.aborted) throw signal.reason;
      if (err instanceof Error && err.message === 'Task queue is at limit')
        throw new ListingReadError('busy');
      // A reading that outgrew its thread's heap is as unreadable as one that ran too long.
      if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new ListingReadError('too_complex');
      throw err;
    } finally {
      settled = true;
      clearTimeout(timer);
      // Releases the wait when the reading never started (aborted in the queue).
      Atomics.notify(started, 0);
      signal?.removeEventListener('abort', onClientGone);
    }
  }

  return { read, close: () => pool.close({ force: true }) };
}

export type ListingReader = ReturnType<typeof createListingReader>;
