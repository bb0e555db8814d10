import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { progress } from '../common/progress.js';
import type { ScenarioResult } from './figures.js';
import { type HttpScenario, measureAlternating } from './load.js';
import type { Target, Timing } from './scenarios.js';

/** The list's first page asked with no Accept-Encoding (autocannon, curl), gzip, and br. */
const VARIANTS = [
  { id: 'first-page-identity', label: 'list, first page, identity', accept: null, expect: null },
  { id: 'first-page-gzip', label: 'list, first page, gzip', accept: 'gzip', expect: 'gzip' },
  { id: 'first-page-br', label: 'list, first page, br', accept: 'br', expect: 'br' },
] as const;

/** One request per variant first: each must come back in the encoding it is meant to measure. */
async function checkEncoding(target: Target, accept: string | null, expected: string | null) {
  const response = await fetch(`${target.base}/api/properties`, {
    // fetch adds its own Accept-Encoding unless one is given.
    headers: { authorization: `Bearer ${target.token}`, 'accept-encoding': accept ?? 'identity' },
  });
  await response.arrayBuffer();
  const encoding = response.headers.get('content-encoding');
  if (response.status !== 200 || encoding !== expected)
    throw new Error(
      `GET /api/properties with Accept-Encoding ${accept ?? '(none)'} answered ${response.status}, content-encoding ${encoding ?? '(none)'}, expected ${expected ?? '(none)'}`,
    );
}

/**
 * The first page with and without compression, in alternating slices (measureAlternating), so
 * the cost of compressing shows as a difference measured on the same minutes of the machine.
 */
export async function runEncodingScenarios(
  target: Target,
  rows: number,
  timing: Timing,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = VARIANTS.map((v) => ({
    id: v.id,
    label: v.label,
    rows,
    api: null,
    raw: null,
  }));
  try {
    for (const v of VARIANTS) await checkEncoding(target, v.accept, v.expect);
    const scenarios: HttpScenario[] = VARIANTS.map((v) => ({
      ...target,
      path: '/api/properties',
      ...(v.accept ? { headers: { 'accept-encoding': v.accept } } : {}),
    }));
    progress(`first page with and without compression: ${VARIANTS.map((v) => v.label).join(', ')}`);
    const { results: measured, roundRates } = await measureAlternating(scenarios, timing);
    measured.forEach((load, i) => {
      const result = results[i];
      if (!result) return;
      result.api = load;
      progress(
        `  ${result.label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, ${Math.round(load.bytesPerAnswer)} bytes per answer`,
      );
      // Against the identity slice of the same round: the spread of the cost.
      if (i > 0)
        result.roundRatios = (roundRates[i] ?? []).map((r, k) => r / (roundRates[0]?.[k] ?? r));
      if (load.non2xx || load.errors)
        result.error = `${load.non2xx} non-2xx responses and ${load.errors} connection errors: figures are not valid`;
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`!!! compression scenarios: ${message}`);
    for (const result of results) result.error = message;
  }
  return results;
}

/** The levels the choice is between: gzip 1–6 and brotli 1–5 (higher ones cost far more). */
const LEVELS = [
  ...[1, 2, 3, 4, 5, 6].map((level) => ({
    name: `gzip ${level}`,
    compress: (body: Buffer) => gzipSync(body, { level }),
  })),
  ...[1, 2, 3, 4, 5].map((quality) => ({
    name: `br ${quality}`,
    compress: (body: Buffer) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
  })),
];

export type LevelFigures = {
  samples: { label: string; bytes: number }[];
  /** Per level, per sample: compressed bytes and microseconds per compression. */
  levels: { name: string; results: { bytes: number; micros: number }[] }[];
};

const ROUNDS = 7;
const ROUND_MS = 40;

/** CPU time this process has used, in µs: unlike wall time, it leaves out other processes. */
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * What compressing real answers costs at each level, in this process with zlib's synchronous
 * calls (the same native code the server runs, synchronously too up to its syncThreshold): bytes
 * out and CPU microseconds per answer, the median of ROUNDS rounds that go through every level
 * in turn.
 */
export function measureLevels(samples: { label: string; body: Buffer }[]): LevelFigures {
  const micros = LEVELS.map(() => samples.map(() => [] as number[]));
  for (let round = 0; round < ROUNDS; round++) {
    LEVELS.forEach((level, l) => {
      samples.forEach((sample, s) => {
        const started = performance.now();
        const cpu = cpuMicros();
        let n = 0;
        while (performance.now() - started < ROUND_MS) {
          level.compress(sample.body);
          n++;
        }
        micros[l]?.[s]?.push((cpuMicros() - cpu) / n);
      });
    });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    samples: samples.map((s) => ({ label: s.label, bytes: s.body.length })),
    levels: LEVELS.map((level, l) => ({
      name: level.name,
      results: samples.map((sample, s) => ({
        bytes: level.compress(sample.body).length,
        micros: median(micros[l]?.[s] ?? []),
      })),
    })),
  };
}

/** An answer's body as sent to a client that accepts no compression. */
export async function plainBody(target: Target, path: string) {
  const response = await fetch(`${target.base}${path}`, {
    headers: { authorization: `Bearer ${target.token}`, 'accept-encoding': 'identity' },
  });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
