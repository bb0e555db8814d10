import os from 'node:os';
import type pg from 'pg';
import { progress } from '../common/progress.js';
import { addSlice } from './add-requests.js';
import { num, percentile, type ScenarioResult, scale, type Target } from './figures.js';
import type { Target as HttpTarget } from './scenarios.js';

/*
 * ADR 055: adds must not queue on each other's rows. A burst of adds from a few
 * clients at once while PostgreSQL's lock table is sampled: any lock a backend waits for, how long
 * it has waited so far (pg_locks.waitstart, PostgreSQL 14+), the longest wait seen.
 */

const BURST_ADDS = 1_000;
const BURST_CLIENTS = 8;
/** How often pg_locks is read during the burst. */
const SAMPLE_MS = 5;
const LOCK_WAIT_LIMIT_MS = 10;
/** Target (s): the add scenario at the top size and 32 connections. */
const ADDS_PER_SECOND = 600;
const ADD_P50_MS = 50;

export type AddBurst = {
  rows: number;
  adds: number;
  clients: number;
  seconds: number;
  p50: number;
  p99: number;
  samples: number;
  /** Samples that found a backend waiting for a lock, by lock type. */
  waiting: Record<string, number>;
  /** The longest wait seen so far at any sample, ms. */
  maxLockWaitMs: number;
  loadAverage: number;
};

/** Reads pg_locks every SAMPLE_MS until stopped, on a connection of its own. */
async function sampleLockWaits(pool: pg.Pool, stop: AbortSignal) {
  const client = await pool.connect();
  const waiting: Record<string, number> = {};
  let samples = 0;
  let maxLockWaitMs = 0;
  try {
    while (!stop.aborted) {
      const { rows } = await client.query<{ locktype: string; ms: number }>(
        `select locktype, coalesce(extract(epoch from clock_timestamp() - waitstart) * 1000, 0)::float8 as ms
           from pg_locks where not granted`,
      );
      samples++;
      for (const row of new Set(rows.map((r) => r.locktype)))
        waiting[row] = (waiting[row] ?? 0) + 1;
      for (const row of rows) maxLockWaitMs = Math.max(maxLockWaitMs, row.ms);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  } finally {
    client.release();
  }
  return { samples, waiting, maxLockWaitMs };
}

/** BURST_ADDS adds, BURST_CLIENTS at a time over HTTP, with the lock table sampled throughout. */
export async function measureAddBurst(
  pool: pg.Pool,
  target: HttpTarget,
  next: () => unknown,
  rows: number,
): Promise<AddBurst> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const stop = new AbortController();
  const sampling = sampleLockWaits(pool, stop.signal);
  const started = performance.now();
  const each = Math.ceil(BURST_ADDS / BURST_CLIENTS);
  const times = (
    await Promise.all(
      Array.from({ length: BURST_CLIENTS }, () => addSlice(target, each, next)),
    ).finally(() => stop.abort())
  ).flat();
  const seconds = (performance.now() - started) / 1000;
  const sampled = await sampling;
  const burst = {
    rows,
    adds: times.length,
    clients: BURST_CLIENTS,
    seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ...sampled,
    loadAverage,
  };
  progress(burstLine(burst));
  return burst;
}

const burstLine = (b: AddBurst) => {
  const waits = Object.entries(b.waiting)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');
  return `a burst of ${b.adds} adds from ${b.clients} clients at ${scale(b.rows)}: ${num(b.adds / b.seconds)} adds/s, p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms; pg_locks read ${b.samples} times, a lock waited for in ${waits || 'none'}; longest wait seen ${b.maxLockWaitMs.toFixed(1)} ms (load average ${b.loadAverage.toFixed(2)} at its start)`;
};

/** Targets (s), the add scenario's rate and median, and (t), the burst's lock waits. */
export function addSummary(
  burst: AddBurst | undefined,
  scenarios: ScenarioResult[],
): { lines: string[]; targets: Target[] } {
  const add = scenarios.find((s) => s.id === 'add');
  const targets: Target[] = [];
  const s = `(s) adding a property at ${scale(add?.rows ?? 0)}, 32 connections: ≥ ${ADDS_PER_SECOND} req/s and p50 ≤ ${ADD_P50_MS} ms`;
  targets.push(
    add?.api
      ? {
          name: s,
          pass: add.api.requestsPerSecond >= ADDS_PER_SECOND && add.api.p50 <= ADD_P50_MS,
          detail: `${num(add.api.requestsPerSecond)} req/s, p50 ${num(add.api.p50, 1)} ms`,
        }
      : { name: s, pass: false, detail: 'not measured' },
  );
  if (!burst) return { lines: [], targets };
  targets.push({
    name: `(t) a burst of ${BURST_ADDS} adds from ${BURST_CLIENTS} clients: no lock wait over ${LOCK_WAIT_LIMIT_MS} ms (pg_locks every ${SAMPLE_MS} ms)`,
    pass: burst.maxLockWaitMs <= LOCK_WAIT_LIMIT_MS,
    detail: `longest wait seen ${burst.maxLockWaitMs.toFixed(1)} ms over ${burst.samples} samples`,
  });
  return { lines: ['', burstLine(burst)], targets };
}
