// What a run of the API bench measures: the sizes, the timings, and which parts run (all of
// them, or a subset with BENCH_ONLY), read once from the command line and the environment.

import type { ListScenario } from './list-scenarios.js';
import type { Timing } from './scenarios.js';

export const SMALL = 1_000;
/** The lists and the Data section are measured here and at the top size: their cost must stay flat. */
export const MEDIUM = 10_000;
const DEFAULT_ROWS = 100_000;
/**
 * Above this size the bench measures what ADR 019 is about (the lists, their plans, the detail)
 * and leaves out the rest (the Data section, re-pricing, compression, CSV exports, adding), which
 * would take longer than the ten minutes a run may take at a million rows.
 */
export const EXTRAS_MAX_ROWS = 200_000;

/** `--rows N` (also `--rows=N`, with `_`, `,`, `k` or `M`): the top size; 100,000 by default. */
function topRows(argv: string[]) {
  const at = argv.findIndex((a) => a === '--rows' || a.startsWith('--rows='));
  if (at < 0) return DEFAULT_ROWS;
  const arg = argv[at] ?? '';
  const text = (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[at + 1] ?? ''))
    .replace(/[_,]/g, '')
    .toLowerCase();
  const match = /^(\d+(?:\.\d+)?)([km]?)$/.exec(text);
  const rows = match
    ? Number(match[1]) * (match[2] === 'm' ? 1e6 : match[2] === 'k' ? 1e3 : 1)
    : NaN;
  if (!Number.isInteger(rows) || rows < 2 * MEDIUM)
    throw new Error(
      `--rows ${text}: a whole number of at least ${2 * MEDIUM} (e.g. 1000000 or 1M)`,
    );
  return rows;
}

// BENCH_SECONDS shortens every measured run for a quick smoke test; real figures use 10.
export const timing: Timing = { warmup: 2, seconds: Number(process.env.BENCH_SECONDS ?? 10) || 10 };
/**
 * Each list page: a 0.5 s warm-up and 2 s measured. Sixteen pages at each size, within the ten
 * minutes a run at a million rows may take; a page's p50 is steady within a second.
 */
export const listTiming: Timing = { warmup: 0.5, seconds: Math.min(2, timing.seconds) };
/** The raw driver at the top size: every page in turn, three rounds of 0.75 s each. */
export const RAW_ROTATION = { warmup: 0.5, slice: 0.75, rounds: 3 };
export const JIT_WARMUP = 10;
/** Statements in flight while loading: PostgreSQL's triggers and the map cells' upserts wait on one another less. */
export const SEED_PARALLEL = 3;
/**
 * BENCH_ONLY=lists: the lists at 10k and at the top size, their plans and the first page's
 * raw-driver ratio; their targets only.
 * BENCH_ONLY=compression: load the top size, measure only the compression figures, no targets.
 * BENCH_ONLY=plans: load the top size, time re-pricing the UF rows and EXPLAIN every list query.
 * BENCH_ONLY=market: the Data section's endpoints at 10k and the top size, their plans and the
 * statistics after a write; only their targets ((d), (e), (p)) are judged.
 * BENCH_ONLY=add: load the top size, measure only adding properties (with the history written
 * and, as the form does, the duplicate check before each add) and a burst of 1,000 from 8
 * clients with the lock waits sampled; only their targets ((s) and (t)) are judged.
 * BENCH_ONLY=alerts: load the top size, then only the saved searches' matching (ADR 053): 1,000
 * searches, one change matched against all of them, and a write with and without its outbox row.
 */
const only = process.env.BENCH_ONLY || null;
const SUBSETS = new Set(['lists', 'compression', 'plans', 'market', 'add', 'startup', 'alerts']);

/** The UF in use while loading (pesos), and the next day's-value re-pricing is timed with. */
export const BENCH_UF = 39_643.59;
export const BENCH_UF_NEXT = [39_650.33, 39_657.07, 39_663.81];

/**
 * Plans checked beside the measured ones: the price sorts and filters walk the peso price's
 * coalesce indexes with UF prices mixed in (ADR 014); explained and judged, not load-tested.
 */
export const PRICE_PLANS: { label: string; search: string }[] = [
  { label: 'list, price ascending', search: 'sort=price_asc' },
  { label: 'list, price descending', search: 'sort=price_desc' },
  { label: 'list, price per m² descending', search: 'sort=price_per_sqm_desc' },
  { label: 'list, price ≥ 300M CLP, cheapest first', search: 'price_min=300000000&sort=price_asc' },
  {
    label: 'list, price ≤ 150M CLP, dearest first',
    search: 'price_max=150000000&sort=price_desc',
  },
  {
    label: 'list, region 13 + price 2,500–7,500 UF',
    search: 'region_id=13&price_unit=UF&price_min=2500&price_max=7500',
  },
];
export const FIRST_PAGE: ListScenario = { id: 'first-page', label: 'list, first page', search: '' };

/** Which parts of the bench run: every part in a full run, the subset's parts with BENCH_ONLY. */
type Runs = Record<
  | 'small'
  | 'lists'
  | 'market'
  | 'reprice'
  | 'plans'
  | 'compression'
  | 'detail'
  | 'exports'
  | 'add'
  | 'startup'
  | 'alerts',
  boolean
>;

export type Plan = {
  /** The top size (`--rows`). */
  top: number;
  /** BENCH_ONLY's subset, or null for a full run. */
  only: string | null;
  /** Whether the parts not about the lists run at this size (up to EXTRAS_MAX_ROWS). */
  extras: boolean;
  runs: Runs;
};

/** The run the command line and BENCH_ONLY ask for; throws (a message for the user) when invalid. */
export function readPlan(argv: string[]): Plan {
  const top = topRows(argv);
  if (only && !SUBSETS.has(only))
    throw new Error(`BENCH_ONLY=${only}: the only subset is ${[...SUBSETS].join(', ')}`);
  const extras = top <= EXTRAS_MAX_ROWS;
  return {
    top,
    only,
    extras,
    runs: {
      small: !only,
      lists: !only || only === 'lists',
      market: (!only && extras) || only === 'market',
      reprice: (!only && extras) || only === 'plans',
      plans: !only || only === 'plans' || only === 'lists',
      compression: (!only && extras) || only === 'compression',
      detail: !only,
      exports: !only && extras,
      add: (!only && extras) || only === 'add',
      startup: !only || only === 'startup',
      // At every size: ADR 053's target is at a million rows.
      alerts: !only || only === 'alerts',
    },
  };
}
