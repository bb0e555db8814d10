import type { FastifyInstance } from 'fastify';
import type { NudgedWorker } from './lib/nudged-worker.js';
import { onTheClock } from './lib/on-the-clock.js';

/*
 * The background jobs of a process, which each module adds as it registers (its `*.module.ts`),
 * all on the clock (lib/on-the-clock.ts): each runs at the same moments in every process of a
 * deployment, so each is written to be safe to run in several at once (ADR 023). They start once
 * the app is ready and stop when it closes.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the unattached-upload collection now (or as of `now`); answers how many went. */
    collectUnattachedPhotos: (now?: Date) => Promise<number>;
    /** Moves properties whose visit's time has come to visited now (or as of `now`). */
    sweepVisits: (now?: Date) => Promise<number>;
    /** Deletes the idempotency keys expired now (or as of `now`); answers how many. */
    collectExpiredIdempotencyKeys: (now?: Date) => Promise<number>;
    /** Folds every pending delta of the properties' total and map cells now; answers how many. */
    foldPropertyDeltas: () => Promise<number>;
    /** Turns every pending property change into saved searches' alerts now; answers how many. */
    matchSavedSearches: () => Promise<number>;
    /**
     * Queues the day's alert digests if it is 08:00 or later in Chile at `now`; answers how many
     * mails were queued (0 without SMTP_URL).
     */
    enqueueAlertDigests: (now?: Date) => Promise<number>;
    /** Sends the alert mail due at `now` (the clock read again for each); answers how many. */
    sendAlertMail: (now?: () => Date) => Promise<number>;
  }
}

/** A job's run-now form on the app: tests and tools drive the clock through these. */
type JobAction =
  | 'collectUnattachedPhotos'
  | 'sweepVisits'
  | 'collectExpiredIdempotencyKeys'
  | 'foldPropertyDeltas'
  | 'matchSavedSearches'
  | 'enqueueAlertDigests'
  | 'sendAlertMail';

export type Jobs = {
  /** A job on the clock. */
  every: (
    everyMs: number,
    run: (tick: Date) => Promise<unknown>,
    options: { onError: (err: unknown) => void; atStart?: boolean },
  ) => void;
  /** Aborts as the app closes: a run in flight may stop early (the UF fetch); others are waited for. */
  closing: AbortSignal;
  /** A worker nudged after this process's writes, polling for other processes' (ADR 053, 055). */
  worker: (worker: NudgedWorker) => void;
  /** Closes what the jobs use (the mail transport) once every job has stopped. */
  afterStop: (close: () => Promise<void>) => void;
  /** Puts a job's run-now form on the app, under its name. */
  expose: <K extends JobAction>(name: K, run: FastifyInstance[K]) => void;
};

/** The app's jobs: started on ready in the order they were added, stopped on close. */
export function createJobs(app: FastifyInstance): Jobs {
  const stopping = new AbortController();
  const clocked: (() => { stop: () => Promise<void> })[] = [];
  const workers: NudgedWorker[] = [];
  const closers: (() => Promise<void>)[] = [];
  let running: { stop: () => Promise<void> }[] = [];
  app.addHook('onReady', async () => {
    running = clocked.map((start) => start());
    // Rows another process (or a stopped one) left are taken at once.
    for (const worker of workers) {
      worker.start();
      worker.nudge();
    }
  });
  app.addHook('onClose', async () => {
    stopping.abort();
    await Promise.all([...running.map((job) => job.stop()), ...workers.map((w) => w.stop())]);
    await Promise.all(closers.map((close) => close()));
  });
  return {
    every: (everyMs, run, options) => {
      clocked.push(() => onTheClock(everyMs, run, options));
    },
    worker: (worker) => {
      workers.push(worker);
    },
    closing: stopping.signal,
    afterStop: (close) => {
      closers.push(close);
    },
    expose: (name, run) => {
      app.decorate<unknown>(name, run);
    },
  };
}
