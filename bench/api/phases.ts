// The measured phases of `npm run bench`, in the order run.ts calls them: each one a named step
// on the live run (the database, the server, the seeder) that adds its figures to the summary.

import type { createUfService, Database } from '@bec/api/tools';
import { validProperty } from '@bec/testkit/property-fixture';
import type pg from 'pg';
import { progress } from '../common/progress.js';
import type { SpawnedServer } from '../common/server.js';
import { measureAddBurst } from './add-burst.js';
import { withoutIndexes } from './bulk-load.js';
import { measureLevels, plainBody, runEncodingScenarios } from './compression.js';
import { explainBrief, explainQuery, type PlanVerdict } from './explain.js';
import { measureExport } from './export.js';
import { scale } from './figures.js';
import { pageQueries } from './list-queries.js';
import { FILTERED_SEARCH, type ListCase, listCases } from './list-scenarios.js';
import { type AfterWrite, type MarketPlan, runMarketPhase } from './market.js';
import {
  BENCH_UF_NEXT,
  FIRST_PAGE,
  JIT_WARMUP,
  listTiming,
  MEDIUM,
  type Plan,
  PRICE_PLANS,
  RAW_ROTATION,
  SEED_PARALLEL,
  SMALL,
  timing,
} from './plan.js';
import { createRandom } from './random.js';
import type { Summary } from './report.js';
import { measureAlertMatching } from './saved-search-matching.js';
import {
  runHttpScenario,
  runListCases,
  runListScenario,
  runRawRotation,
  type Target,
} from './scenarios.js';
import { measureSearchShare } from './search-share.js';
import type { Seeder } from './seed-properties.js';

/** A run in progress: what it measures with, and where the figures go. */
export type BenchRun = {
  plan: Plan;
  summary: Summary;
  /** The Data section's plans and statistics after a write, printed beside the summary. */
  market: { plans: MarketPlan[]; afterWrite: AfterWrite[] };
  pool: pg.Pool;
  db: Database;
  server: SpawnedServer;
  target: Target;
  seeder: Seeder;
};

type UfService = ReturnType<typeof createUfService>;

/**
 * The load's deltas folded, statistics for the planner, and a settled table: VACUUM sets hint bits and the visibility map
 * (production tables get that from autovacuum, which this machine's server has off), and a
 * CHECKPOINT flushes the load's writes so they don't land in the middle of a measured run. Only
 * a superuser may CHECKPOINT; without that right (a given DATABASE_URL) it is skipped.
 */
async function settle(pool: pg.Pool) {
  // The load's deltas folded into the total and map cells (ADR 055): the server's fold may hold
  // the lock and be at it, so until none is left.
  for (;;) {
    await pool.query('select bec_fold_property_deltas()');
    const { rows } = await pool.query<{ left: boolean }>(
      `select exists (select 1 from properties_total_deltas)
          or exists (select 1 from property_map_cell_deltas) as left`,
    );
    if (!rows[0]?.left) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await pool.query('vacuum (analyze)');
  await pool.query('checkpoint').catch(() => {});
}

const raw = (run: BenchRun) => ({ db: run.db, pool: run.pool });

/** The Data section's endpoints at one size: their scenarios, plans and statistics after a write. */
export async function measureMarket(run: BenchRun, rows: number, warmup?: number) {
  const phase = await runMarketPhase(rows, run.target, timing, raw(run), warmup);
  run.summary.scenarios.push(...phase.scenarios);
  run.market.plans.push(...phase.plans);
  run.market.afterWrite.push(phase.afterWrite);
  run.server.assertAlive();
}

/** 1,000 listings and the first page, on a server warmed up longer than the other runs. */
export async function measureSmall(run: BenchRun) {
  const { seeder, summary, pool } = run;
  const seedStart = performance.now();
  await seeder.loadUpTo(SMALL);
  await settle(pool);
  summary.seedSeconds = (performance.now() - seedStart) / 1000;
  progress(`loaded ${SMALL.toLocaleString('en-US')} properties (${seeder.counts().photos} photos)`);
  // A fresh process spends its first seconds compiling the hot path (V8's JIT): the first run
  // warms up longer, so every figure is of a warm server, as in production.
  summary.scenarios.push(
    await runListScenario(FIRST_PAGE, SMALL, run.target, { ...timing, warmup: JIT_WARMUP }, null),
  );
  run.server.assertAlive();
}

/** 10,000 listings: the Data section and the lists, whose cost must stay flat up to the top size. */
export async function measureMedium(run: BenchRun) {
  const { seeder, summary, pool, plan } = run;
  const started = performance.now();
  await seeder.loadUpTo(MEDIUM, { parallel: SEED_PARALLEL });
  await settle(pool);
  summary.seedSeconds += (performance.now() - started) / 1000;
  progress(
    `loaded ${MEDIUM.toLocaleString('en-US')} properties (${seeder.counts().photos} photos), vacuumed and analyzed`,
  );
  // A subset starts here on a fresh server: its first run warms up longer.
  if (plan.runs.market) await measureMarket(run, MEDIUM, plan.only ? JIT_WARMUP : 0);
  if (plan.runs.lists) {
    const cases = await listCases(run.db, pool);
    // Shown beside the top size's (a slow plan here would flatter the ratio), not judged.
    const plans = new Map<string, PlanVerdict>();
    for (const c of cases) {
      const page = await pageQueries(run.db, c.search);
      const verdict = await explainQuery(pool, page.rows, MEDIUM);
      plans.set(c.id, verdict);
      progress(
        `plan @${scale(MEDIUM)}, ${c.label}: ${verdict.executionMs.toFixed(2)} ms, ${verdict.verdict}`,
      );
    }
    const warm = plan.only === 'lists' ? JIT_WARMUP : listTiming.warmup;
    summary.lists.push({
      rows: MEDIUM,
      cases: await runListCases(cases, MEDIUM, run.target, listTiming, plans, warm),
    });
    run.server.assertAlive();
  }
}

/**
 * Up to the top size with the secondary indexes dropped and built again after (bulk-load.ts),
 * several batches in flight: a million rows row by row through twenty indexes took too long.
 */
export async function loadToTop(run: BenchRun) {
  const { seeder, summary, pool } = run;
  const TOP = run.plan.top;
  const top = scale(TOP);
  const seedStart = performance.now();
  const before = seeder.counts().properties;
  const step = TOP >= 500_000 ? 100_000 : 25_000;
  let next = Math.ceil((before + 1) / step) * step;
  const load = await withoutIndexes(pool, ['properties', 'property_photos'], () =>
    seeder.loadUpTo(TOP, {
      parallel: SEED_PARALLEL,
      onProgress: (n) => {
        if (n < next) return;
        progress(`  ${n.toLocaleString('en-US')} properties`);
        next = (Math.floor(n / step) + 1) * step;
      },
    }),
  );
  const loadSeconds = (performance.now() - seedStart) / 1000 - load.buildSeconds;
  progress(
    `${load.indexes} secondary indexes built again in ${load.buildSeconds.toFixed(1)} s; settling (vacuum, analyze, checkpoint)`,
  );
  await settle(pool);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  summary.seedSeconds += seedSeconds;
  summary.loaded = seeder.counts();
  summary.seedNote = `${scale(before)} → ${top}: ${Math.round((TOP - before) / loadSeconds).toLocaleString('en-US')} rows/s (${SEED_PARALLEL} batches in flight) in ${loadSeconds.toFixed(1)} s, ${load.indexes} indexes built in ${load.buildSeconds.toFixed(1)} s, settled in ${(seedSeconds - loadSeconds - load.buildSeconds).toFixed(1)} s`;
  progress(
    `loaded ${TOP.toLocaleString('en-US')} properties and ${summary.loaded.photos.toLocaleString('en-US')} photos in ${seedSeconds.toFixed(1)} s (${summary.seedNote})`,
  );
}

/**
 * Re-pricing every UF row, as when a new UF value for today arrives: one UPDATE (two passes)
 * under the advisory lock, timed here with the server's own code. The server process checks
 * every minute too; should it have re-priced first, the next value is tried.
 */
export async function repriceUf(run: BenchRun, uf: UfService, today: string) {
  const { pool, summary } = run;
  const ufRows = Number(
    (await pool.query("select count(*) as n from properties where price_unit = 'UF'")).rows[0]?.n,
  );
  for (const value of BENCH_UF_NEXT) {
    await pool.query(
      `insert into uf_values (date, value, source) values ($1, $2, 'manual')
           on conflict (date) do update set value = excluded.value, source = excluded.source`,
      [today, value],
    );
    const started = performance.now();
    const result = await uf.reprice({ wait: true });
    const seconds = (performance.now() - started) / 1000;
    if (!result?.repriced) continue;
    const noopStarted = performance.now();
    await uf.reprice({ wait: true });
    summary.reprice = {
      ufRows,
      repriced: result.repriced,
      seconds,
      noopMs: performance.now() - noopStarted,
    };
    progress(
      `re-priced ${result.repriced.toLocaleString('en-US')} of ${ufRows.toLocaleString('en-US')} UF rows in ${seconds.toFixed(2)} s (a check with nothing to do: ${summary.reprice.noopMs.toFixed(1)} ms)`,
    );
    break;
  }
  // The re-pricing's dead rows vacuumed, so the plans and the runs see a settled table.
  await settle(pool);
}

/**
 * Plans before any load, on exactly the rows just analyzed: every list and its half-way page,
 * and the price sorts. Answers each list's verdict by id.
 */
export async function explainPlans(run: BenchRun, cases: ListCase[]) {
  const { pool, summary } = run;
  const explained = [...cases, ...PRICE_PLANS.map((p) => ({ ...p, id: p.label }))];
  const planOf = new Map<string, PlanVerdict>();
  for (const scenario of explained) {
    const page = await pageQueries(run.db, scenario.search);
    if (scenario === explained[0]) progress(`list SQL from the repository's ${page.shape}`);
    const verdict = await explainQuery(pool, page.rows, run.plan.top);
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS), ${scenario.label}:\n${verdict.text}\n→ ${verdict.verdict}\n`,
    );
    summary.plans.push({ label: scenario.label, verdict });
    planOf.set(scenario.id, verdict);
    // The count up to 1,001 matches, run once per filter and write version (match-counts.ts).
    if (page.count.params.length) {
      const countLine = await explainBrief(pool, page.count);
      progress(`count query (cached per version), ${scenario.label}: ${countLine}`);
      summary.totals.push({ label: `count of ${scenario.label}`, line: countLine });
    }
  }
  return planOf;
}

/** Target (a): the first page against the raw driver, then every list page at the top size. */
export async function measureTopLists(
  run: BenchRun,
  cases: ListCase[],
  planOf: Map<string, PlanVerdict>,
) {
  const { plan, summary, server } = run;
  // The first page against the raw driver in alternating slices, as long as ever.
  summary.scenarios.push(
    await runListScenario(
      { ...FIRST_PAGE, id: 'first-page-top' },
      plan.top,
      run.target,
      plan.only === 'lists' ? { ...timing, warmup: JIT_WARMUP } : timing,
      raw(run),
    ),
  );
  server.assertAlive();
  const figures = await runListCases(cases, plan.top, run.target, listTiming, planOf);
  server.assertAlive();
  progress(`the ${cases.length} list pages through the raw driver, in turn`);
  await runRawRotation(figures, cases, raw(run), RAW_ROTATION);
  summary.lists.push({ rows: plan.top, cases: figures });
  summary.searchShare = await measureSearchShare(run.target, cases);
  server.assertAlive();
}

/**
 * The first page with and without compression, and what each level costs on real answers.
 * Subset runs start here on a fresh server: a longer warm-up, shared by the three variants.
 */
export async function measureCompression(run: BenchRun) {
  const { plan, summary, target } = run;
  summary.scenarios.push(
    ...(await runEncodingScenarios(
      target,
      plan.top,
      plan.only ? { ...timing, warmup: 4 } : timing,
    )),
  );
  run.server.assertAlive();
  const ids = await propertyIds(run.pool);
  summary.levels = measureLevels([
    { label: 'page of 100', body: await plainBody(target, '/api/properties?limit=100') },
    { label: 'first page', body: await plainBody(target, '/api/properties') },
    { label: 'detail', body: await plainBody(target, `/api/properties/${ids.at(-1)}`) },
    { label: 'regions', body: await plainBody(target, '/api/regions') },
    { label: 'config', body: await plainBody(target, '/api/config') },
  ]);
  progress('compression levels measured on real answers, from a page of 100 to the config');
}

const propertyIds = async (pool: pg.Pool) =>
  (await pool.query<{ id: number }>('select id from properties')).rows.map((r) => r.id);

/** One property's detail, a random one each request. */
export async function measureDetail(run: BenchRun) {
  const ids = await propertyIds(run.pool);
  const random = createRandom(7);
  run.summary.scenarios.push(
    await runHttpScenario(
      'detail',
      'detail, random id',
      run.plan.top,
      {
        ...run.target,
        path: `/api/properties/${ids[0]}`,
        vary: () => ({ path: `/api/properties/${random.pick(ids)}` }),
      },
      timing,
    ),
  );
  run.server.assertAlive();
}

/**
 * CSV exports, one download at a time as a user starts them: everything, and the filtered list's
 * region and price range. Each file must hold exactly the rows the database counts.
 */
export async function measureExports(run: BenchRun) {
  for (const [label, search, where] of [
    ['all properties', '', 'true'],
    [
      'region 13 + price 100–300M',
      `?${FILTERED_SEARCH}`,
      'region_id = 13 and price between 100000000 and 300000000',
    ],
  ] as const) {
    const count = await run.pool.query<{ n: number }>(
      `select count(*)::int as n from properties where ${where}`,
    );
    const result = await measureExport(run.target, label, search, count.rows[0]?.n ?? -1);
    run.summary.exports.push(result);
    progress(
      `CSV export, ${label}: ${result.rows.toLocaleString('en-US')} rows, ${(result.bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s (first byte after ${result.firstByteMs.toFixed(0)} ms)`,
    );
  }
  run.server.assertAlive();
}

/**
 * New listings to add, each its own: a street number and a position a few hundred metres around
 * Ñuñoa, so the duplicate check finds what a real one would. Each names one of the seeded
 * brokers (and the API reads it FOR SHARE).
 */
async function newListings(pool: pg.Pool, seed: number) {
  const refs = await pool.query<{ city: number; type: number; broker: number | null }>(
    `select (select id from cities where id = 13120) as city,
                (select id from property_types where name = 'Departamento') as type,
                (select min(id) from brokers) as broker`,
  );
  const ref = refs.rows[0];
  if (!ref?.city || !ref.type) throw new Error('Ñuñoa or the Departamento type is missing');
  const random = createRandom(seed);
  let added = 0;
  return () => {
    const n = ++added;
    return validProperty({
      name: `Departamento en Ñuñoa (bench ${seed}-${n})`,
      address: `Irarrázaval ${1000 + n}, depto ${100 + (n % 20)}`,
      city_id: ref.city,
      property_type_id: ref.type,
      broker_id: ref.broker,
      latitude: Number((-33.4545 + (random.next() - 0.5) * 0.02).toFixed(6)),
      longitude: Number((-70.5975 + (random.next() - 0.5) * 0.02).toFixed(6)),
      photos: [],
    });
  };
}

/**
 * Adding properties, alone and after a duplicate check as the form saves. Last: it adds rows,
 * which must not change what the list scenarios measured. Each add names one of the seeded
 * brokers (and reads it FOR SHARE, as the API does).
 */
export async function measureAdds(run: BenchRun) {
  const { plan, summary, target } = run;
  const listing = await newListings(run.pool, 18);
  const addTiming = plan.only ? { ...timing, warmup: JIT_WARMUP } : timing;
  summary.scenarios.push(
    await runHttpScenario(
      'add',
      'add property (POST)',
      plan.top,
      {
        ...target,
        method: 'POST',
        path: '/api/properties/add',
        vary: () => ({ body: JSON.stringify(listing()) }),
      },
      addTiming,
    ),
  );
  run.server.assertAlive();
  // As the form saves: a duplicate check, then an add, one after the other on each
  // connection (a latency is the pair's; req/s counts pairs). Both are new listings alike.
  const checkBody = () => {
    const { address, city_id, property_type_id, latitude, longitude } = listing();
    return JSON.stringify({ address, city_id, property_type_id, latitude, longitude });
  };
  summary.scenarios.push(
    await runHttpScenario(
      'add-checked',
      'duplicate check + add (POST ×2)',
      plan.top,
      {
        ...target,
        method: 'POST',
        path: '/api/properties/duplicates',
        vary: () => ({ body: checkBody() }),
        followedBy: [
          {
            method: 'POST',
            path: '/api/properties/add',
            vary: () => ({ body: JSON.stringify(listing()) }),
          },
        ],
      },
      timing,
    ),
  );
  run.server.assertAlive();
  // The burst (ADR 055): adds from 8 clients at once, with PostgreSQL's lock waits sampled.
  run.summary.addBurst = await measureAddBurst(run.pool, target, listing, plan.top);
  run.server.assertAlive();
}

/**
 * The saved searches' matching (ADR 053): 1,000 saved searches, one change matched against all of them by the API's
 * worker code, and a write's latency with and without its outbox row (saved-search-matching.ts).
 * It adds and changes rows and searches: after every other phase.
 */
export async function measureSavedSearches(run: BenchRun) {
  run.summary.alerts = await measureAlertMatching(
    run.db,
    run.pool,
    run.plan.top,
    run.target,
    await newListings(run.pool, 34),
  );
  run.server.assertAlive();
}

/** Each list's cases on exactly the rows just analyzed (none when neither lists nor plans run). */
export const casesToRun = async (run: BenchRun): Promise<ListCase[]> =>
  run.plan.runs.plans || run.plan.runs.lists ? await listCases(run.db, run.pool) : [];
