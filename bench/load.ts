import autocannon from 'autocannon';
import type pg from 'pg';
import { type CpuShare, startCpuSampler } from './cpu.js';
import type { BuiltQuery, PageQueries } from './list-queries.js';

export const CONNECTIONS = 32;

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  count: number;
  non2xx: number;
  errors: number;
  /** Status codes other than 2xx, with counts, for the loud failure message. */
  statuses: Record<string, number>;
  /** Where the CPU went during the measured run. */
  cpu: CpuShare | null;
};

/**
 * Percentile from a sorted array (nearest rank). Latencies are kept exactly (fractional ms):
 * autocannon's own histogram rounds to whole milliseconds, too coarse for a 1.5× comparison of
 * single-digit p50s, and the raw loop must be measured the same way as the API.
 */
export function percentile(sorted: Float64Array, p: number) {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

const summarise = (latencies: number[]) => {
  const sorted = Float64Array.from(latencies).sort();
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

export type HttpScenario = {
  base: string;
  /** The server's pid, for the CPU split. */
  pid: number;
  token: string;
  method?: 'GET' | 'POST';
  path: string;
  /** Varies each request (a random id, a fresh name); called per request. */
  vary?: () => { path?: string; body?: string };
};

function runAutocannon(scenario: HttpScenario, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const vary = scenario.vary;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: scenario.base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: {
          authorization: `Bearer ${scenario.token}`,
          ...(scenario.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        requests: [
          {
            method: scenario.method ?? 'GET',
            path: scenario.path,
            ...(vary ? { setupRequest: (request) => ({ ...request, ...vary() }) } : {}),
          },
        ],
      },
      (err, result) => {
        if (err) {
          reject(err);
          return;
        }
        const { p50, p99 } = summarise(latencies);
        resolve({
          requestsPerSecond: result.requests.average,
          p50,
          p99,
          count: latencies.length,
          non2xx: result.non2xx,
          errors: result.errors,
          statuses,
          cpu: null,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299)
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** A short unmeasured run first (JIT, plan caches, pool connections), then the measured one. */
export async function measureHttp(scenario: HttpScenario, { warmup = 2, seconds = 10 } = {}) {
  await runAutocannon(scenario, warmup);
  const cpu = startCpuSampler(scenario.pid);
  const result = await runAutocannon(scenario, seconds);
  return { ...result, cpu: cpu.stop() };
}

/**
 * The database's own ceiling for one page, without HTTP, auth or JSON: 32 loops (like the 32
 * connections) share a pool of the API's default DATABASE_POOL_SIZE (5), each iteration running
 * what `list()` runs for a page (see list-queries.ts): the rows and the total concurrently, or the
 * rows alone when they carry the total. Statements keep the API's prepared-statement names, and
 * rows come back as arrays, as Drizzle asks node-postgres for them.
 */
async function rawLoop(pool: pg.Pool, page: PageQueries, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  const config = (q: BuiltQuery) => ({
    ...(q.name ? { name: q.name } : {}),
    text: q.sql,
    values: q.params,
    rowMode: 'array' as const,
  });
  const rows = config(page.rows);
  const total = config(page.total);
  const onePage = async () => {
    if (page.totalRuns === 'always') {
      await Promise.all([pool.query(rows), pool.query(total)]);
      return;
    }
    const result = await pool.query(rows);
    if (result.rows.length === 0 && page.hasCursor) await pool.query(total);
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await onePage();
        latencies.push(performance.now() - t0);
      } catch (err) {
        errors++;
        firstError ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  if (firstError && !latencies.length) throw firstError;
  const { p50, p99 } = summarise(latencies);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50,
    p99,
    count: latencies.length,
    non2xx: 0,
    errors,
    statuses: {},
    cpu: null,
  };
}

export async function measureRaw(
  pool: pg.Pool,
  page: PageQueries,
  { warmup = 2, seconds = 10 } = {},
  serverPid: number | null = null,
) {
  await rawLoop(pool, page, warmup);
  const cpu = startCpuSampler(serverPid);
  const result = await rawLoop(pool, page, seconds);
  return { ...result, cpu: cpu.stop() };
}
