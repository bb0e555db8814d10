/**
 * The Data section's endpoints under load (ADR 017): clusters for all of Chile and for Santiago,
 * statistics by comuna, and comparables of a random property, each at 10k and at 100k rows; the
 * plans of the SQL each one runs (built by the repository's own `…Sql` builders and, for the
 * comparables' prepared statements, `…Statement`; the calls mirror market.service.ts as
 * list-queries.ts mirrors the list); and the statistics after a write (ADR 051): the
 * first request answers the last figures while one computation runs in the background.
 */

import { setTimeout } from 'node:timers/promises';
import {
  asCellFilters,
  clustersFromCells,
  clustersFromCellsSql,
  clustersFromRowsSql,
  comparablesSubject,
  comparablesSubjectStatement,
  type Database,
  dataVersionSql,
  groupStatsSql,
  MAP_CELL_LEVELS,
  MAP_LEVEL_MAX,
  metresPerPixel,
  NEAREST_INNER_REACH,
  nearestInBox,
  nearestInBoxStatement,
  peerStandingStatement,
  pesoFilters,
  pointsOfCellsSql,
  run,
  statsKey,
  storedStatsSql,
  totalsFromCellsSql,
  totalsFromRowsSql,
  ufInUseSql,
  ufPerSqmHistogramSql,
  ufPerSqmTopSql,
  viewCells,
} from '@bec/api/tools';
import {
  type MapClusters,
  MapClustersQuerySchema,
  type MarketStats,
  MarketStatsQuerySchema,
  NEAREST_COMPARABLES,
} from '@bec/contracts';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { progress } from '../common/progress.js';
import { explainJson, type PlanNode, rowsOut, walk } from './explain.js';
import type { ScenarioResult, Target } from './figures.js';
import { type BuiltQuery, bound } from './list-queries.js';
import type { LoadResult } from './load.js';
import { createRandom } from './random.js';
import { type Target as HttpTarget, runHttpScenario, type Timing } from './scenarios.js';

/**
 * All of Chile as the web's first fit asks for it in a 1280×800 window: the map's frame is
 * 1,246 × 576 px (map.module.css; the navigation collapsed), and Chile from -17.5° to -56° is
 * 570 px tall at zoom 4 (1,140 at zoom 5), so Leaflet's fitBounds(CHILE_BOUNDS) picks zoom 4 and
 * the view, centred on Chile, spans 109.5° of longitude: ~20 × 9 cells of 64 px, most of them
 * ocean or Argentina. The web sends that view's box (rounded outwards to 6 decimals).
 */
const CHILE = 'west=-125.955860&south=-56.140999&east=-16.444141&north=-17.258926&zoom=4';
/** Greater Santiago at a city zoom: 10 × 10 cells of level 13 (64 px at zoom 11, ~4.6 km). */
const SANTIAGO = 'west=-70.85&south=-33.65&east=-70.45&north=-33.30&zoom=11';
const STATS = 'group=comuna';

/** The four scenarios; the ids get the table size appended (`map-chile-10k`). */
const MARKET_SCENARIOS = [
  { id: 'map-chile', label: 'map, all of Chile (zoom 4)' },
  { id: 'map-santiago', label: 'map, Santiago (zoom 11)' },
  { id: 'stats-comuna', label: 'statistics by comuna (warm)' },
  { id: 'comparables', label: 'comparables, random id' },
] as const;

const scale = (rows: number) => `${rows / 1000}k`;
const P50_LIMIT_MS = 50;
const FLAT_RATIO = 1.5;
/** Writes, each followed by one timed GET and then by GETs until the new figures come. */
const AFTER_WRITE_SAMPLES = 11;
/** How often the bench asks again while the figures are being computed again. */
const FRESH_POLL_MS = 25;

export type MarketPlan = {
  rows: number;
  endpoint: string;
  label: string;
  text: string;
  executionMs: number;
  /** Rows the plan's scans returned (index and table), and the buffers it touched. */
  rowsRead: number;
  buffers: number;
  ok: boolean;
  verdict: string;
};

export type AfterWrite = {
  rows: number;
  /** Each sample: a no-op write, then one GET timed (ms), in order. */
  samples: number[];
  /** Each sample: from the write to the first answer with the new figures (ms): the computation. */
  freshMs: number[];
  /** Answers right after a write that were not the previous figures marked `updating`. */
  notStale: number;
  /** The GET after the last sample's new figures, from memory (ms). */
  warmMs: number;
};

type Expect =
  /** Must read this relation through one of these indexes; no Seq Scan of a big table. */
  | { kind: 'index'; relation: string; indexes: string[] }
  /** One-row tables (the counter, the UF in use): any scan, none of a big table. */
  | { kind: 'tiny' }
  /** Every matching row by design (medians): a full pass is the expected plan. */
  | { kind: 'full' }
  /** A filtered view, explained to show its cost, not load-tested nor judged. */
  | { kind: 'shown' };

type Planned = { endpoint: string; label: string; query: BuiltQuery; expect: Expect };

const BIG_TABLES = new Set(['properties', 'property_map_cells']);

/** The SQL text and values exactly as Drizzle sends them (the database's own dialect). */
const render = (db: Database, query: SQL): BuiltQuery => {
  const built = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params };
};

/** EXPLAIN (ANALYZE, BUFFERS) as text, judged on the JSON form with the rule the query expects. */
async function explainPlanned(pool: pg.Pool, rows: number, p: Planned): Promise<MarketPlan> {
  const text = (
    await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${p.query.sql}`,
      p.query.params,
    )
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  const json = await explainJson(pool, p.query, true);
  const scans: PlanNode[] = [];
  // Scans of tables (an index scan fetches its rows; a bitmap's heap scan stands for its index).
  walk(json.Plan, (n) => {
    if (n['Relation Name'] && /Scan$/.test(n['Node Type'])) scans.push(n);
  });
  // Rows read from the two tables that grow (not the lookups of a comuna's or a type's name).
  const rowsRead = scans
    .filter((n) => BIG_TABLES.has(n['Relation Name'] ?? ''))
    .reduce((sum, n) => sum + rowsOut(n), 0);
  const buffers = (json.Plan['Shared Hit Blocks'] ?? 0) + (json.Plan['Shared Read Blocks'] ?? 0);
  const seqOfBig = scans.filter(
    (n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.has(n['Relation Name'] ?? ''),
  );
  const indexes = new Set<string>();
  walk(json.Plan, (n) => {
    if (n['Index Name']) indexes.add(n['Index Name']);
  });
  const read = `${rowsRead.toLocaleString('en-US')} rows read, ${buffers.toLocaleString('en-US')} buffers`;
  let ok: boolean;
  let verdict: string;
  const expect = p.expect;
  if (expect.kind === 'shown') {
    ok = true;
    verdict = `shown, not judged: ${seqOfBig.length ? `Seq Scan of ${seqOfBig.map((n) => n['Relation Name']).join(', ')}` : `through ${[...indexes].join(', ') || 'no index'}`}; ${read}`;
  } else if (expect.kind === 'full') {
    ok = true;
    verdict = `OK by design: a full pass over the matching properties (medians need every row), computed once per data version; ${read}`;
  } else if (expect.kind === 'tiny') {
    ok = seqOfBig.length === 0;
    verdict = `${ok ? 'OK' : 'BAD'}: one-row tables only${ok ? '' : ', but a Seq Scan of a big table'}; ${read}`;
  } else {
    const used = expect.indexes.filter((i) => indexes.has(i));
    ok = used.length > 0 && seqOfBig.length === 0;
    verdict = `${ok ? 'OK' : 'BAD'}: ${used.length ? `${expect.relation} through ${used.join(', ')}` : `NOT through ${expect.indexes.join(' or ')}`}${seqOfBig.length ? `, Seq Scan of ${seqOfBig.map((n) => n['Relation Name']).join(', ')}` : ''}; ${read}`;
  }
  return {
    rows,
    endpoint: p.endpoint,
    label: p.label,
    text,
    executionMs: json['Execution Time'],
    rowsRead,
    buffers,
    ok,
    verdict,
  };
}

const CELLS_INDEX: Expect = {
  kind: 'index',
  relation: 'property_map_cells',
  indexes: ['property_map_cells_level_cx_cy_city_id_property_type_id_visited'],
};
const MAP_INDEXES: Expect = {
  kind: 'index',
  relation: 'properties',
  indexes: ['properties_map_idx', 'properties_type_map_idx'],
};

/**
 * Mirrors `map()` in market.service.ts for a cluster zoom: the statements one answer runs. With
 * `shown`, a filtered view explained without a verdict (not one of the measured scenarios).
 */
async function mapStatements(
  db: Database,
  endpoint: string,
  search: string,
  shown = false,
): Promise<Planned[]> {
  const parsed = MapClustersQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
  const { west, south, east, north, zoom, ...given } = parsed;
  const filters = await pesoFilters(db, given);
  if (!filters) throw new Error('bench: the map scenarios need no UF bounds');
  const cellFilters = asCellFilters(filters);
  const judged = (expect: Expect): Expect => (shown ? { kind: 'shown' } : expect);
  const out: Planned[] = [
    cellFilters
      ? {
          endpoint,
          label: 'totals from the cells',
          query: render(db, totalsFromCellsSql(cellFilters)),
          expect: judged(CELLS_INDEX),
        }
      : {
          endpoint,
          label: 'totals from the rows',
          query: render(db, totalsFromRowsSql(filters)),
          expect: { kind: 'shown' },
        },
  ];
  const { level, shift, cells, cellBox } = viewCells({ west, south, east, north }, zoom);
  if (!cellFilters || level > MAP_CELL_LEVELS.max) {
    // Filters the cells cannot answer: the matching properties' rows, grouped.
    if (!shown) throw new Error('bench: the measured map scenarios read the kept cells');
    out.push({
      endpoint,
      label: `clusters from the rows (cells of level ${level})`,
      query: render(db, clustersFromRowsSql(shift, cellBox, filters)),
      expect: { kind: 'shown' },
    });
    return out;
  }
  out.push({
    endpoint,
    label: `clusters from the cells (level ${level})`,
    query: render(db, clustersFromCellsSql(level, cells, cellFilters)),
    expect: judged(CELLS_INDEX),
  });
  const singles = (await clustersFromCells(db, level, cells, cellFilters)).filter((r) => r.n === 1);
  if (singles.length)
    out.push({
      endpoint,
      label: `single pins (${singles.length} cells of one)`,
      query: render(db, pointsOfCellsSql(shift, singles, filters)),
      expect: judged(MAP_INDEXES),
    });
  return out;
}

/**
 * The statistics: the warm path (one version query), the stored figures' read after a write, and
 * the three passes of a recomputation (off the request path since ADR 051).
 */
async function statsStatements(db: Database, endpoint: string, answer: MarketStats) {
  const { group: _group, ...given } = MarketStatsQuerySchema.parse(
    Object.fromEntries(new URLSearchParams(STATS)),
  );
  const filters = await pesoFilters(db, given);
  if (!filters) throw new Error('bench: the statistics scenario needs no UF bounds');
  const width = answer.histogram[0]?.to ?? 1;
  const bins = answer.histogram.length || 20;
  return [
    {
      endpoint,
      label: 'warm: the data version',
      query: render(db, dataVersionSql()),
      expect: { kind: 'tiny' },
    },
    {
      endpoint,
      label: 'after a write: the stored figures’ version (its key)',
      query: render(
        db,
        storedStatsSql(statsKey(MarketStatsQuerySchema.parse({ group: 'comuna' })), {
          newerThan: answer.computed_at,
          version: null,
        }),
      ),
      expect: { kind: 'tiny' },
    },
    {
      endpoint,
      label: 'recomputation: count, quartiles and newest per comuna',
      query: render(db, groupStatsSql('comuna', filters)),
      expect: { kind: 'full' },
    },
    {
      endpoint,
      label: 'recomputation: the histogram’s range (98th percentile of UF/m²)',
      query: render(db, ufPerSqmTopSql(filters)),
      expect: { kind: 'full' },
    },
    {
      endpoint,
      label: 'recomputation: the histogram',
      query: render(db, ufPerSqmHistogramSql(filters, width, bins)),
      expect: { kind: 'full' },
    },
  ] satisfies Planned[];
}

/**
 * Comparables of a departamento in the comuna of Santiago (the densest peers and neighbours):
 * the subject, its standing among peers, and each box the nearest search tries (mirroring
 * `nearestOf` in market.service.ts).
 */
async function comparablesStatements(db: Database, pool: pg.Pool, endpoint: string) {
  const pick = await pool.query<{ id: number }>(
    `select p.id from properties p join property_types t on t.id = p.property_type_id
     where p.city_id = 13101 and t.name = 'Departamento' and p.map_y is not null
     order by p.id limit 1`,
  );
  const id = pick.rows[0]?.id;
  if (id === undefined) throw new Error('bench: no departamento with coordinates in Santiago');
  const subject = await comparablesSubject(db, id);
  if (!subject || subject.lat === null || subject.lng === null) throw new Error('bench: subject');
  const out: Planned[] = [
    {
      endpoint,
      label: `the subject (#${id}, a departamento in Santiago)`,
      query: bound(comparablesSubjectStatement(db, id)),
      expect: { kind: 'index', relation: 'properties', indexes: ['properties_pkey'] },
    },
    {
      endpoint,
      label: 'the UF in use',
      query: render(db, ufInUseSql()),
      expect: { kind: 'tiny' },
    },
    {
      endpoint,
      label: 'its standing among peers (same comuna and type)',
      query: bound(peerStandingStatement(db, subject)),
      expect: { kind: 'index', relation: 'properties', indexes: ['properties_peers_idx'] },
    },
  ];
  const { lat, lng } = subject;
  const x = subject.map_x ?? 0;
  const y = subject.map_y ?? 0;
  const last = 2 ** MAP_LEVEL_MAX - 1;
  const near = { ...subject, lat, lng };
  for (let r = 2 ** 11, step = 1; ; r *= 4, step++) {
    const box = {
      x0: Math.max(0, x - r),
      x1: Math.min(last, x + r),
      y0: Math.max(0, y - r),
      y1: Math.min(last, y + r),
    };
    // The repository searches a box outwards (nearestInBox): within NEAREST_INNER_REACH first.
    const inner = NEAREST_INNER_REACH;
    let answered = false;
    if (x - inner > box.x0 && x + inner < box.x1 && y - inner > box.y0 && y + inner < box.y1) {
      const small = { x0: x - inner, x1: x + inner, y0: y - inner, y1: y + inner };
      const rows = await run(nearestInBoxStatement(db, near, small, NEAREST_COMPARABLES));
      const reach = inner * metresPerPixel(Math.abs(lat) + 1) - 1;
      answered =
        rows.length === NEAREST_COMPARABLES &&
        (rows.at(-1)?.distance_m ?? Number.POSITIVE_INFINITY) < reach;
      out.push({
        endpoint,
        label: `nearest of its type, box ${step} (±${r} px), first within ±${inner} px (${answered ? 'answered there' : 'not enough: the whole box next'})`,
        query: bound(nearestInBoxStatement(db, near, small, NEAREST_COMPARABLES)),
        expect: MAP_INDEXES,
      });
    }
    if (!answered)
      out.push({
        endpoint,
        label: `nearest of its type, box ${step} (±${r} px)`,
        query: bound(nearestInBoxStatement(db, near, box, NEAREST_COMPARABLES)),
        expect: MAP_INDEXES,
      });
    const rows = await nearestInBox(db, near, box, NEAREST_COMPARABLES);
    const reach = r * metresPerPixel(Math.abs(lat) + 1);
    const farthest = rows.at(-1)?.distance_m ?? Number.POSITIVE_INFINITY;
    const whole = box.x0 === 0 && box.x1 === last && box.y0 === 0 && box.y1 === last;
    if (whole || (rows.length === NEAREST_COMPARABLES && farthest <= reach)) break;
  }
  return out;
}

/** The statements of the four endpoints, explained; printed as they come. */
async function explainMarket(
  db: Database,
  pool: pg.Pool,
  rows: number,
  statsAnswer: MarketStats,
): Promise<MarketPlan[]> {
  const planned = [
    ...(await mapStatements(db, 'map, all of Chile', CHILE)),
    ...(await mapStatements(db, 'map, Santiago', SANTIAGO)),
    // Filtered views, shown for their cost (not load-tested): a filter the cells answer (their
    // per-comuna rows), and one they cannot (the properties' rows).
    ...(await mapStatements(db, 'map, Santiago, región 13', `${SANTIAGO}&region_id=13`, true)),
    ...(await mapStatements(
      db,
      'map, all of Chile, price 100–300M CLP',
      `${CHILE}&price_min=100000000&price_max=300000000`,
      true,
    )),
    ...(await statsStatements(db, 'statistics by comuna', statsAnswer)),
    ...(await comparablesStatements(db, pool, 'comparables')),
  ];
  const plans: MarketPlan[] = [];
  for (const p of planned) {
    const plan = await explainPlanned(pool, rows, p);
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) @${scale(rows)}, ${p.endpoint}: ${p.label}:\n${plan.text}\n→ ${plan.verdict}\n`,
    );
    plans.push(plan);
  }
  return plans;
}

async function getJson<T>(target: HttpTarget, path: string): Promise<T> {
  const response = await fetch(`${target.base}${path}`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * The statistics after a write (ADR 051): each sample bumps the data version with a write that
 * changes nothing (as any edit would bump it), times the one GET right after it, which must answer
 * the previous figures marked `updating`, then asks again until the new figures come (the
 * background computation's time, from the write).
 */
async function measureAfterWrite(
  target: HttpTarget,
  pool: pg.Pool,
  rows: number,
  id: number,
): Promise<AfterWrite> {
  const samples: number[] = [];
  const freshMs: number[] = [];
  let notStale = 0;
  const path = `/api/market/stats?${STATS}`;
  for (let i = 0; i < AFTER_WRITE_SAMPLES; i++) {
    const wroteAt = Date.now();
    await pool.query('update properties set visited = visited where id = $1', [id]);
    const started = performance.now();
    const answer = await getJson<MarketStats>(target, path);
    samples.push(performance.now() - started);
    if (!answer.updating || Date.parse(answer.computed_at) > wroteAt) notStale++;
    for (let fresh = answer; fresh.updating; fresh = await getJson<MarketStats>(target, path))
      await setTimeout(FRESH_POLL_MS);
    freshMs.push(performance.now() - started);
  }
  const started = performance.now();
  await getJson<MarketStats>(target, path);
  const warmMs = performance.now() - started;
  return { rows, samples, freshMs, notStale, warmMs };
}

export type MarketPhase = {
  scenarios: ScenarioResult[];
  plans: MarketPlan[];
  afterWrite: AfterWrite;
};

/**
 * One phase at the table's current size: the plans, the statistics after a write, then the four
 * scenarios under load (32 connections, a 2 s warm-up and 10 s measured, as every scenario).
 * `firstWarmup`: a longer warm-up for the first scenario when the server is fresh.
 */
export async function runMarketPhase(
  rows: number,
  target: HttpTarget,
  timing: Timing,
  { db, pool }: { db: Database; pool: pg.Pool },
  firstWarmup = 0,
): Promise<MarketPhase> {
  const ids = (await pool.query<{ id: number }>('select id from properties order by id')).rows.map(
    (r) => r.id,
  );
  // The figures of this size: the first answer after loading is the previous size's, updating.
  let statsAnswer = await getJson<MarketStats>(target, `/api/market/stats?${STATS}`);
  while (statsAnswer.updating) {
    await setTimeout(FRESH_POLL_MS);
    statsAnswer = await getJson<MarketStats>(target, `/api/market/stats?${STATS}`);
  }
  const plans = await explainMarket(db, pool, rows, statsAnswer);
  const afterWrite = await measureAfterWrite(target, pool, rows, ids[0] ?? 1);
  progress(
    `statistics by comuna @${scale(rows)}, after a write: ${afterWrite.samples.map((ms) => ms.toFixed(0)).join(', ')} ms (new figures after ${afterWrite.freshMs.map((ms) => ms.toFixed(0)).join(', ')} ms); warm once: ${afterWrite.warmMs.toFixed(1)} ms`,
  );
  const random = createRandom(11);
  const paths: Record<(typeof MARKET_SCENARIOS)[number]['id'], () => string> = {
    'map-chile': () => `/api/market/map?${CHILE}`,
    'map-santiago': () => `/api/market/map?${SANTIAGO}`,
    'stats-comuna': () => `/api/market/stats?${STATS}`,
    comparables: () => `/api/market/comparables/${random.pick(ids)}`,
  };
  for (const [label, search] of [
    ['all of Chile', CHILE],
    ['Santiago', SANTIAGO],
  ] as const) {
    const m = await getJson<MapClusters>(target, `/api/market/map?${search}`);
    progress(
      `map, ${label} @${scale(rows)}: ${m.clusters.length} clusters and ${m.points.length} pins for ${m.in_view.toLocaleString('en-US')} properties in view (${m.located.toLocaleString('en-US')} located, ${m.without_location.toLocaleString('en-US')} without coordinates)`,
    );
  }
  progress(
    `statistics by comuna @${scale(rows)}: ${statsAnswer.rows.length} comunas, ${statsAnswer.all.count.toLocaleString('en-US')} properties`,
  );
  const scenarios: ScenarioResult[] = [];
  for (const s of MARKET_SCENARIOS) {
    const path = paths[s.id];
    scenarios.push(
      await runHttpScenario(
        `${s.id}-${scale(rows)}`,
        s.label,
        rows,
        {
          ...target,
          path: path(),
          ...(s.id === 'comparables' ? { vary: () => ({ path: path() }) } : {}),
        },
        scenarios.length ? timing : { ...timing, warmup: Math.max(timing.warmup, firstWarmup) },
      ),
    );
  }
  return { scenarios, plans, afterWrite };
}

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * Targets (d) and (e) for each market scenario, and (p) for the statistics after a write; a figure
 * not measured fails its target.
 */
export function judgeMarket(
  scenarios: ScenarioResult[],
  afterWrite: AfterWrite[],
  small: number,
  large: number,
): Target[] {
  const out: Target[] = [];
  for (const s of MARKET_SCENARIOS) {
    const big = scenarios.find((r) => r.id === `${s.id}-${scale(large)}`)?.api ?? null;
    out.push(
      big
        ? {
            name: `(d) ${s.label}: p50 ≤ ${P50_LIMIT_MS} ms at ${scale(large)}`,
            pass: big.p50 <= P50_LIMIT_MS,
            detail: `p50 ${fmt(big.p50)} ms (need ≤ ${P50_LIMIT_MS} ms)`,
          }
        : { name: `(d) ${s.label}: p50 ≤ ${P50_LIMIT_MS} ms`, pass: false, detail: 'not measured' },
    );
  }
  for (const s of MARKET_SCENARIOS) {
    const big = scenarios.find((r) => r.id === `${s.id}-${scale(large)}`)?.api ?? null;
    const little = scenarios.find((r) => r.id === `${s.id}-${scale(small)}`)?.api ?? null;
    const name = `(e) ${s.label}: p50 at ${scale(large)} ≤ ${FLAT_RATIO} × p50 at ${scale(small)}`;
    out.push(
      big && little
        ? {
            name,
            pass: big.p50 <= FLAT_RATIO * little.p50,
            detail: `p50 ${fmt(big.p50)} ms at ${scale(large)} vs ${fmt(little.p50)} ms at ${scale(small)} = ${fmt(big.p50 / little.p50, 2)}× (need ≤ ${FLAT_RATIO.toFixed(2)}×)`,
          }
        : { name, pass: false, detail: 'not measured' },
    );
  }
  const written = afterWrite.find((a) => a.rows === large);
  const name = `(p) statistics by comuna after a write: p50 ≤ ${P50_LIMIT_MS} ms at ${scale(large)}, the previous figures marked updating`;
  if (!written) out.push({ name, pass: false, detail: 'not measured' });
  else {
    const p50 = median(written.samples);
    out.push({
      name,
      pass: p50 <= P50_LIMIT_MS && written.notStale === 0,
      detail: `p50 ${fmt(p50)} ms of ${written.samples.length} (need ≤ ${P50_LIMIT_MS} ms)${written.notStale ? `; ${written.notStale} answers were not the previous figures marked updating` : ''}; new figures after ${fmt(median(written.freshMs), 0)} ms (median)`,
    });
  }
  return out;
}

/** The market scenarios side by side (10k | 100k), the statistics after a write, the plans. */
export function marketSummary(
  scenarios: ScenarioResult[],
  plans: MarketPlan[],
  afterWrite: AfterWrite[],
  small: number,
  large: number,
): string[] {
  const out: string[] = [];
  const header = [
    'market scenario',
    `${scale(small)} req/s`,
    `${scale(small)} p50 ms`,
    `${scale(small)} p99 ms`,
    `${scale(large)} req/s`,
    `${scale(large)} p50 ms`,
    `${scale(large)} p99 ms`,
    'p50 ratio',
    `${scale(small)} srv+pg CPU µs/answer`,
    `${scale(large)} srv+pg CPU µs/answer`,
    `${scale(large)} bytes/answer`,
  ];
  // What an answer costs the server and PostgreSQL: other work on the machine moves it far less
  // than latency, so it tells a cost that grows from a busy minute.
  const cost = (r: LoadResult | null | undefined) =>
    r?.cpu ? fmt(((r.cpu.server + r.cpu.postgres) * 10_000) / r.requestsPerSecond, 0) : '–';
  const rows = MARKET_SCENARIOS.map((s) => {
    const a = scenarios.find((r) => r.id === `${s.id}-${scale(small)}`)?.api;
    const b = scenarios.find((r) => r.id === `${s.id}-${scale(large)}`)?.api;
    return [
      s.label,
      fmt(a?.requestsPerSecond, 0),
      fmt(a?.p50),
      fmt(a?.p99),
      fmt(b?.requestsPerSecond, 0),
      fmt(b?.p50),
      fmt(b?.p99),
      a && b ? `${fmt(b.p50 / a.p50, 2)}×` : '–',
      cost(a),
      cost(b),
      fmt(b?.bytesPerAnswer, 0),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  out.push('Data section (market) scenarios, side by side:');
  out.push(line(header));
  out.push(
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const r of rows) out.push(line(r));
  for (const a of afterWrite)
    out.push(
      `Statistics by comuna after a write @${scale(a.rows)}: the GET right after ${a.samples.map((ms) => fmt(ms, 0)).join(', ')} ms (p50 ${fmt(median(a.samples))} ms); new figures after ${a.freshMs.map((ms) => fmt(ms, 0)).join(', ')} ms (median ${fmt(median(a.freshMs), 0)} ms); from memory after ${fmt(a.warmMs)} ms`,
    );
  for (const p of plans)
    out.push(
      `Plan @${scale(p.rows)}, ${p.endpoint}: ${p.label}: ${p.executionMs.toFixed(2)} ms, ${p.verdict}`,
    );
  return out;
}
