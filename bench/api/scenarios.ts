import type { Database } from '@bec/api/tools';
import type pg from 'pg';
import { progress } from '../common/progress.js';
import type { PlanVerdict } from './explain.js';
import { type ListFigures, type ScenarioResult, scale } from './figures.js';
import { type PageQueries, pageQueries } from './list-queries.js';
import type { ListCase, ListScenario } from './list-scenarios.js';
import {
  type HttpScenario,
  type LoadResult,
  measureHttp,
  measurePaired,
  measureRawRotation,
} from './load.js';

export type Target = { base: string; token: string; pid: number };

export type Timing = { warmup: number; seconds: number };

type Envelope = { status: string; message: string; data: unknown };

/** One request before the load, so a broken scenario fails with its body, not as 30,000 non-2xx. */
async function smokeCheck(target: Target, scenario: HttpScenario) {
  const varied = scenario.vary?.() ?? {};
  const response = await fetch(`${target.base}${varied.path ?? scenario.path}`, {
    method: scenario.method ?? 'GET',
    headers: {
      authorization: `Bearer ${target.token}`,
      ...(varied.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(varied.body ? { body: varied.body } : {}),
  });
  const text = await response.text();
  if (response.status < 200 || response.status > 299)
    throw new Error(
      `${scenario.method ?? 'GET'} ${scenario.path} answered ${response.status}: ${text.slice(0, 500)}`,
    );
  return JSON.parse(text) as Envelope;
}

const describeLoad = (r: LoadResult) =>
  `${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.count} requests${
    r.cpu
      ? `; CPU % server ${r.cpu.server.toFixed(0)}, postgres ${r.cpu.postgres.toFixed(0)}, bench ${r.cpu.bench.toFixed(0)}, other ${r.cpu.other.toFixed(0)} (busiest: ${r.cpu.busiest})`
      : ''
  }`;

/** Loud and early: a scenario with failed requests measures something else than it claims. */
function checkFailures(label: string, r: LoadResult) {
  if (r.non2xx === 0 && r.errors === 0) return null;
  const message = `${r.non2xx} non-2xx responses ${JSON.stringify(r.statuses)} and ${r.errors} connection errors: figures are not valid`;
  console.error(`!!! ${label}: ${message}`);
  return message;
}

/** Measures one list scenario over HTTP and, optionally, the same page through the raw driver. */
export async function runListScenario(
  scenario: ListScenario,
  rows: number,
  target: Target,
  timing: Timing,
  raw: { db: Database; pool: pg.Pool } | null,
): Promise<ScenarioResult> {
  const result: ScenarioResult = {
    id: scenario.id,
    label: scenario.label,
    rows,
    api: null,
    raw: null,
  };
  const path = `/api/properties${scenario.search ? `?${scenario.search}` : ''}`;
  try {
    const http: HttpScenario = { ...target, path };
    const body = await smokeCheck(target, http);
    const data = body.data as { props: unknown[]; total: number; next_cursor: string | null };
    progress(
      `${scenario.label} @${scale(rows)}: GET ${path.length > 70 ? `${path.slice(0, 67)}…` : path} → ${data.props.length} cards, total ${data.total.toLocaleString('en-US')}`,
    );
    if (raw) {
      // The API and the raw driver in alternating slices: both see the same machine.
      const page: PageQueries = await pageQueries(raw.db, scenario.search);
      const paired = await measurePaired(http, raw.pool, page, timing);
      result.api = paired.api;
      result.raw = paired.raw;
      result.roundRatios = paired.roundRatios;
      progress(`  API: ${describeLoad(result.api)}`);
      progress(`  raw: ${describeLoad(result.raw)}`);
      progress(
        `  API/raw by round: ${paired.roundRatios.map((r) => `${Math.round(r * 100)}%`).join(' ')}`,
      );
      if (result.raw.errors) result.error = `${result.raw.errors} raw-driver queries failed`;
    } else {
      result.api = await measureHttp(http, timing);
      progress(`  API: ${describeLoad(result.api)}`);
    }
    const failure = checkFailures(scenario.label, result.api);
    if (failure) result.error = failure;
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
    console.error(`!!! ${scenario.label}: ${result.error}`);
  }
  return result;
}

/** Any HTTP scenario (detail, add): smoke-checked, measured, failures reported. */
export async function runHttpScenario(
  id: string,
  label: string,
  rows: number,
  scenario: HttpScenario,
  timing: Timing,
): Promise<ScenarioResult> {
  const result: ScenarioResult = { id, label, rows, api: null, raw: null };
  try {
    const body = await smokeCheck(scenario, scenario);
    progress(
      `${label} @${scale(rows)}: ${scenario.method ?? 'GET'} ${scenario.path} → ${body.message}`,
    );
    result.api = await measureHttp(scenario, timing);
    progress(`  API: ${describeLoad(result.api)}`);
    const failure = checkFailures(label, result.api);
    if (failure) result.error = failure;
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
    console.error(`!!! ${label}: ${result.error}`);
  }
  return result;
}

/**
 * A page whose plan alone takes longer than this is not load-tested: 32 connections would queue
 * for seconds a request (at a million rows, minutes a run), and it fails its targets anyway.
 */
const SLOW_PAGE_MS = 200;
const tooSlow = (plan: PlanVerdict | null) => plan !== null && plan.executionMs > SLOW_PAGE_MS;

/**
 * The list pages of one table size over HTTP, one after the other, each after its own warm-up
 * (`firstWarmup` for the first, on a fresh server). Shorter runs than the scenarios above: a
 * page's p50 is steady within a few seconds, and there are twenty-four of them at each size.
 * `plans`: each page's plan (explainQuery), explained before, kept with its figures.
 */
export async function runListCases(
  cases: ListCase[],
  rows: number,
  target: Target,
  timing: Timing,
  plans: Map<string, PlanVerdict>,
  firstWarmup = timing.warmup,
): Promise<ListFigures[]> {
  const out: ListFigures[] = [];
  for (const c of cases) {
    const figures: ListFigures = {
      id: c.id,
      label: c.label,
      base: c.base,
      matches: c.matches,
      depth: c.depth,
      api: null,
      raw: null,
      plan: plans.get(c.id) ?? null,
    };
    const path = `/api/properties${c.search ? `?${c.search}` : ''}`;
    if (tooSlow(figures.plan)) {
      figures.error = `not load-tested: its plan alone takes ${figures.plan?.executionMs.toFixed(0)} ms (over ${SLOW_PAGE_MS} ms)`;
      console.error(`!!! ${c.label} @${scale(rows)}: ${figures.error}`);
      out.push(figures);
      continue;
    }
    try {
      const http: HttpScenario = { ...target, path };
      const body = await smokeCheck(target, http);
      const data = body.data as { props: unknown[]; total: number };
      const warmup = out.length ? timing.warmup : firstWarmup;
      figures.api = await measureHttp(http, { ...timing, warmup });
      progress(
        `${c.label} @${scale(rows)}: ${data.props.length} cards of ${c.matches.toLocaleString('en-US')} matches${c.depth ? `, ${c.depth.toLocaleString('en-US')} rows in` : ''} (total ${data.total.toLocaleString('en-US')}): ${describeLoad(figures.api)}`,
      );
      const failure = checkFailures(c.label, figures.api);
      if (failure) figures.error = failure;
    } catch (err) {
      figures.error = err instanceof Error ? err.message : String(err);
      console.error(`!!! ${c.label} @${scale(rows)}: ${figures.error}`);
    }
    out.push(figures);
  }
  return out;
}

/** The same pages through the raw driver, in turn (measureRawRotation), onto their figures. */
export async function runRawRotation(
  figures: ListFigures[],
  cases: ListCase[],
  raw: { db: Database; pool: pg.Pool },
  rotation: { warmup: number; slice: number; rounds: number },
) {
  const measured = cases.flatMap((c, i) => {
    const f = figures[i];
    return f && !tooSlow(f.plan) ? [{ c, f }] : [];
  });
  const pages = await Promise.all(measured.map(({ c }) => pageQueries(raw.db, c.search)));
  const results = await measureRawRotation(raw.pool, pages, rotation);
  results.forEach((result, i) => {
    const f = measured[i]?.f;
    if (!f) return;
    f.raw = result;
    if (result.errors) f.error = `${result.errors} raw-driver queries failed`;
    progress(`  raw, ${f.label}: ${describeLoad(result)}`);
  });
}
