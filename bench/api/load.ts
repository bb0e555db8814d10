import autocannon from 'autocannon';
import type pg from 'pg';
import { type CpuShare, startCpuSampler } from './cpu.js';
import type { BuiltQuery, PageQueries } from './list-queries.js';

const CONNECTIONS = 32;

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
  /** Bytes on the wire per answer, headers included (NaN for the raw loop). */
  bytesPerAnswer: number;
};

/**
 * Percentile from a sorted array (nearest rank). Latencies are kept exactly (fractional ms):
 * autocannon's own histogram rounds to whole milliseconds, too coarse for a 1.5× comparison of
 * single-digit p50s, and the raw loop must be measured the same way as the API.
 */
function percentile(sorted: Float64Array, p: number) {
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
  /** Sent with every request besides the token (Accept-Encoding). */
  headers?: Record<string, string>;
  /** Varies each request (a random id, a fresh name); called per request. */
  vary?: () => { path?: string; body?: string };
  /**
   * Requests made one after the other by each connection, measured as one (a form's check, then
   * its save): a latency is the sum of a cycle's responses, throughput counts whole cycles.
   * `method`, `path` and `vary` above are then the first step's.
   */
  followedBy?: {
    method?: 'GET' | 'POST';
    path: string;
    vary?: () => { path?: string; body?: string };
  }[];
};

/** What one stretch of load produced, kept raw so stretches can be pooled. */
type Slice = {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
  /** Bytes received, headers included. */
  bytes: number;
};

/** Slices pooled into one result: requests over measured time, percentiles over every request. */
function pool(slices: Slice[], cpu: { share: CpuShare; seconds: number }[]): LoadResult {
  const latencies = slices.flatMap((s) => s.latencies);
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const slice of slices)
    for (const [status, n] of Object.entries(slice.statuses))
      statuses[status] = (statuses[status] ?? 0) + n;
  return {
    requestsPerSecond: latencies.length / seconds,
    ...summarise(latencies),
    count: latencies.length,
    non2xx: slices.reduce((sum, s) => sum + s.non2xx, 0),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    statuses,
    cpu: cpu.length ? poolCpu(cpu) : null,
    bytesPerAnswer: slices.reduce((sum, s) => sum + s.bytes, 0) / latencies.length,
  };
}

/** CPU shares of several slices, weighted by their length; "busiest" from the busiest slice. */
function poolCpu(parts: { share: CpuShare; seconds: number }[]): CpuShare {
  const total = parts.reduce((sum, p) => sum + p.seconds, 0);
  const mean = (key: 'server' | 'postgres' | 'bench' | 'other') =>
    parts.reduce((sum, p) => sum + p.share[key] * p.seconds, 0) / total;
  const busiest = [...parts].sort((a, b) => b.share.other - a.share.other)[0];
  return {
    server: mean('server'),
    postgres: mean('postgres'),
    bench: mean('bench'),
    other: mean('other'),
    busiest: busiest?.share.busiest ?? 'none',
  };
}

function runAutocannon(scenario: HttpScenario, seconds: number): Promise<Slice> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const vary = scenario.vary;
  let bytes = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: scenario.base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: {
          authorization: `Bearer ${scenario.token}`,
          ...scenario.headers,
          ...(scenario.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        requests: [
          {
            method: scenario.method ?? 'GET',
            path: scenario.path,
            ...(vary ? { setupRequest: (request) => ({ ...request, ...vary() }) } : {}),
          },
          ...(scenario.followedBy ?? []).map((step) => ({
            method: step.method ?? 'GET',
            path: step.path,
            ...(step.vary
              ? { setupRequest: (request: object) => ({ ...request, ...step.vary?.() }) }
              : {}),
          })),
        ],
      },
      (err, result) => {
        if (err) {
          reject(err);
          return;
        }
        resolve({
          latencies,
          seconds: (performance.now() - started) / 1000,
          non2xx: result.non2xx,
          errors: result.errors,
          statuses,
          bytes,
        });
      },
    );
    const steps = 1 + (scenario.followedBy?.length ?? 0);
    const cycles = new Map<unknown, { step: number; sum: number }>();
    instance.on('response', (client, statusCode, responseBytes, responseTime) => {
      if (steps === 1) latencies.push(responseTime);
      else {
        const cycle = cycles.get(client) ?? { step: 0, sum: 0 };
        cycle.step++;
        cycle.sum += responseTime;
        if (cycle.step === steps) {
          latencies.push(cycle.sum);
          cycle.step = 0;
          cycle.sum = 0;
        }
        cycles.set(client, cycle);
      }
      bytes += responseBytes;
      if (statusCode < 200 || statusCode > 299)
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** A short unmeasured run first (JIT, plan caches, pool connections), then the measured one. */
export async function measureHttp(scenario: HttpScenario, { warmup = 2, seconds = 10 } = {}) {
  await runAutocannon(scenario, warmup);
  const cpu = startCpuSampler(scenario.pid);
  const slice = await runAutocannon(scenario, seconds);
  return pool([slice], [{ share: cpu.stop(), seconds: slice.seconds }]);
}

/**
 * The raw-driver limit for one list page: 32 loops (like the 32 connections) share a pool of the
 * API's default DATABASE_POOL_SIZE (5), each iteration running what `list()` runs for a page in
 * steady state (see list-queries.ts): the rows, and the head only when they come back empty (the
 * count is cached per filter and version). Statements keep the API's prepared-statement names
 * (none for a search, planned with its words as the API's are), and rows come back as arrays, as
 * Drizzle asks node-postgres for them.
 */
async function rawLoop(pgPool: pg.Pool, page: PageQueries, seconds: number): Promise<Slice> {
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
  const head = config(page.head);
  const onePage = async () => {
    const result = await pgPool.query(rows);
    if (result.rows.length === 0) await pgPool.query(head);
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
  if (firstError && !latencies.length) throw firstError;
  return {
    latencies,
    seconds: (performance.now() - started) / 1000,
    non2xx: 0,
    errors,
    statuses: {},
    bytes: Number.NaN,
  };
}

/** Rounds the measured time is cut into for a paired measurement. */
export const PAIRED_ROUNDS = 5;

export type PairedResult = { api: LoadResult; raw: LoadResult; roundRatios: number[] };

/**
 * The API and its raw-driver limit, measured in alternating slices: PAIRED_ROUNDS rounds of one
 * API slice and one raw slice (seconds / PAIRED_ROUNDS each, the order flipped every round), after
 * a warm-up of each. A virtual machine's speed drifts over minutes (seen on the 2-core bench VM:
 * the raw limit at 2,100 and 4,100 q/s a few minutes apart), so two back-to-back 10 s runs can
 * compare a fast minute with a slow one; slices a few seconds apart see the same machine. Each
 * side still gets `seconds` of load in all, and its figures pool every request of its slices.
 */
export async function measurePaired(
  scenario: HttpScenario,
  pgPool: pg.Pool,
  page: PageQueries,
  { warmup = 2, seconds = 10 } = {},
): Promise<PairedResult> {
  await runAutocannon(scenario, warmup);
  await rawLoop(pgPool, page, warmup);
  const slice = seconds / PAIRED_ROUNDS;
  const api: Slice[] = [];
  const raw: Slice[] = [];
  const apiCpu: { share: CpuShare; seconds: number }[] = [];
  const rawCpu: { share: CpuShare; seconds: number }[] = [];
  const roundRatios: number[] = [];
  const measureApi = async () => {
    const cpu = startCpuSampler(scenario.pid);
    const result = await runAutocannon(scenario, slice);
    apiCpu.push({ share: cpu.stop(), seconds: result.seconds });
    api.push(result);
    return result;
  };
  const measureRawSlice = async () => {
    const cpu = startCpuSampler(scenario.pid);
    const result = await rawLoop(pgPool, page, slice);
    rawCpu.push({ share: cpu.stop(), seconds: result.seconds });
    raw.push(result);
    return result;
  };
  const rate = (s: Slice) => s.latencies.length / s.seconds;
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    const [first, second] =
      round % 2 === 0 ? [measureApi, measureRawSlice] : [measureRawSlice, measureApi];
    await first();
    await second();
    const lastApi = api.at(-1);
    const lastRaw = raw.at(-1);
    if (lastApi && lastRaw) roundRatios.push(rate(lastApi) / rate(lastRaw));
  }
  return { api: pool(api, apiCpu), raw: pool(raw, rawCpu), roundRatios };
}

/**
 * Several variants of one HTTP scenario (the same page asked with and without compression),
 * measured in alternating slices as measurePaired does: after a warm-up of each, PAIRED_ROUNDS
 * rounds of one slice per variant, the order rotated every round, so every variant sees the
 * same minutes of a drifting machine. Each variant gets `seconds` of load in all.
 */
export async function measureAlternating(
  scenarios: HttpScenario[],
  { warmup = 2, seconds = 10 } = {},
): Promise<{ results: LoadResult[]; roundRates: number[][] }> {
  for (const scenario of scenarios) await runAutocannon(scenario, warmup);
  const slice = seconds / PAIRED_ROUNDS;
  const slices = scenarios.map(() => [] as Slice[]);
  const cpu = scenarios.map(() => [] as { share: CpuShare; seconds: number }[]);
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    for (let k = 0; k < scenarios.length; k++) {
      const i = (k + round) % scenarios.length;
      const scenario = scenarios[i];
      if (!scenario) continue;
      const sampler = startCpuSampler(scenario.pid);
      const result = await runAutocannon(scenario, slice);
      cpu[i]?.push({ share: sampler.stop(), seconds: result.seconds });
      slices[i]?.push(result);
    }
  }
  return {
    results: slices.map((s, i) => pool(s, cpu[i] ?? [])),
    roundRates: slices.map((s) => s.map((x) => x.latencies.length / x.seconds)),
  };
}

/**
 * The raw-driver limit of several pages, measured in turn: after a warm-up of each, `rounds`
 * rounds of one slice per page, the order rotated every round, so each page's figure pools
 * slices from the same minutes as every other's (their ratios are what is judged).
 */
export async function measureRawRotation(
  pgPool: pg.Pool,
  pages: PageQueries[],
  { warmup, slice, rounds }: { warmup: number; slice: number; rounds: number },
): Promise<LoadResult[]> {
  for (const page of pages) await rawLoop(pgPool, page, warmup);
  const slices = pages.map(() => [] as Slice[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < pages.length; k++) {
      const i = (k + round) % pages.length;
      const page = pages[i];
      if (page) slices[i]?.push(await rawLoop(pgPool, page, slice));
    }
  }
  return slices.map((s) => pool(s, []));
}
