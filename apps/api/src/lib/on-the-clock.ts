/**
 * Runs `job` at every multiple of `everyMs` on the wall clock, counted from the Unix epoch (an
 * hour: on the hour), instead of every `everyMs` from the process's start. A process restarted
 * more often than the interval still runs it, and every process of a deployment runs it at the
 * same moments: a job scheduled this way must be safe to run in several processes at once
 * (ADR 023). The job gets the moment it was due (`tick`). A run still going when the next one is
 * due is not doubled: that tick is skipped. With `atStart`, it also runs once right away (its
 * tick: the moment it started). The timer is unref'd; `stop` cancels it and waits for a run in
 * flight.
 */
export function onTheClock(
  everyMs: number,
  job: (tick: Date) => Promise<unknown>,
  {
    onError,
    now = Date.now,
    atStart = false,
  }: { onError: (err: unknown) => void; now?: () => number; atStart?: boolean },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  /** The first tick after `after` (a timer may fire a little early: never the same tick twice). */
  const schedule = (after: number) => {
    const tick = (Math.floor(after / everyMs) + 1) * everyMs;
    timer = setTimeout(() => fire(tick), Math.max(0, tick - now()));
    timer.unref();
  };
  const run = (tick: number) => {
    running ??= job(new Date(tick))
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const fire = (tick: number) => {
    if (stopped) return;
    run(tick);
    schedule(Math.max(now(), tick));
  };
  const started = now();
  if (atStart) run(started);
  schedule(started);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
