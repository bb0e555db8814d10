import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onTheClock } from './on-the-clock.js';

describe('onTheClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs on the multiples of its interval, whenever it started', async () => {
    vi.setSystemTime(new Date('2026-11-24T10:59:30Z'));
    const ticks: string[] = [];
    const job = onTheClock(3600_000, async (tick) => void ticks.push(tick.toISOString()), {
      onError: () => {},
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(ticks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ticks).toEqual(['2026-11-24T11:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(2 * 3600_000);
    expect(ticks).toEqual([
      '2026-11-24T11:00:00.000Z',
      '2026-11-24T12:00:00.000Z',
      '2026-11-24T13:00:00.000Z',
    ]);
    await job.stop();
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(ticks).toHaveLength(3);
  });

  it('skips a tick while the last run goes on, reports failures and goes on, and waits on stop', async () => {
    vi.setSystemTime(new Date('2026-11-24T12:00:00.500Z'));
    const errors: unknown[] = [];
    let finish = () => {};
    let runs = 0;
    const job = onTheClock(
      1000,
      async () => {
        runs++;
        if (runs === 1) throw new Error('database down');
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      { onError: (err) => errors.push(err) },
    );
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(1);
    expect(errors).toEqual([new Error('database down')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    // Still running at the next two ticks: neither starts another run.
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });
});
