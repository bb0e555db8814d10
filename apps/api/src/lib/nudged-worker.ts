import { AsyncResource } from 'node:async_hooks';

/*
 * A background worker of one process that a write wakes at once, polling as a fallback for other
 * processes' writes: the saved searches' matching (ADR 053) and the fold of the properties' deltas
 * (ADR 055). One run at a time; a nudge during a run makes another start right after it.
 */

export type NudgedWorker = {
  /** Starts polling (every `pollMs`, for other processes' writes). */
  start: () => void;
  /** Wakes the worker now (a write just committed in this process). */
  nudge: () => void;
  /** Runs until there is nothing left, waiting for a run in flight first (tests, tools). */
  drain: () => Promise<number>;
  /** Stops polling and waits for a run in flight. */
  stop: () => Promise<void>;
};

export type NudgedWorkerOptions = {
  /** One pass: how much it did, and whether a full batch says there may be more at once. */
  pass: () => Promise<{ done: number; more: boolean }>;
  pollMs: number;
  onError: (err: unknown) => void;
};

export function createNudgedWorker({ pass, pollMs, onError }: NudgedWorkerOptions): NudgedWorker {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  /** Passes until one says there is no more (or the worker stops). */
  async function loop(): Promise<number> {
    let total = 0;
    for (;;) {
      if (stopped) return total;
      const { done, more } = await pass();
      total += done;
      if (!more) return total;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    again = false;
    running = loop()
      .catch((err) => {
        onError(err);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) void run();
      });
    return running;
  }
  // A nudge comes from a request: its runs must not inherit that request's context, where a keyed
  // write's statements join its transaction (ADR 062). They run in the context of the worker's
  // creation, as its polls do.
  const runApart = AsyncResource.bind(() => void run());

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void run(), pollMs);
      timer.unref();
    },
    nudge() {
      if (!stopped) runApart();
    },
    async drain() {
      let total = 0;
      for (;;) {
        // A nudge during a run starts another as the first ends: wait for every run, or work the
        // next run holds (skipped here) would be reported done before it is.
        while (running) total += await running;
        const { done } = await pass();
        total += done;
        if (done === 0 && !running) return total;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running;
    },
  };
}
