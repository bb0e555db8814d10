/**
 * `npm run bench [-- --rows N]`: proves the property lists stay flat from 10,000 rows to the top
 * size (100,000 by default; `--rows 1000000` for a million) on PostgreSQL.
 * Phases: a fresh database migrated by the API's own code → the real server as a child process →
 * 1,000 listings and the first page measured → 10,000 listings, the Data section's endpoints
 * (bench/api/market.ts) and the lists (bench/api/list-scenarios.ts) → the top size, plans explained, the
 * lists again, also through the raw driver, every other scenario measured over HTTP (autocannon),
 * the Data section's endpoints again → web bundle sizes → one summary and PASS/FAIL for the
 * targets (exit 1 if one is missed).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import {
  chileDate,
  createUfService,
  createUsersService,
  DEFAULT_POOL_SIZE,
  openDatabase,
  prepareDatabase,
} from '@bec/api/tools';
import { startIssuer, type TestIssuer } from '@bec/testkit/issuer';
import { validProperty } from '@bec/testkit/property-fixture';
import pg from 'pg';
import { elapsedSeconds, progress } from '../common/progress.js';
import {
  adminToken,
  BENCH_ADMIN,
  BENCH_AUDIENCE,
  logTail,
  type SpawnedServer,
  startServer,
} from '../common/server.js';
import { type BundleReport, buildWeb, measureBundle } from '../web/bundle-size.js';
import { withoutIndexes } from './bulk-load.js';
import { BROKERS } from './chile-data.js';
import { measureLevels, plainBody, runEncodingScenarios } from './compression.js';
import { type BenchDatabase, BenchSetupError, provideDatabase, serverVersion } from './database.js';
import { explainBrief, explainQuery, type PlanVerdict } from './explain.js';
import { measureExport } from './export.js';
import { type ScenarioResult, scale } from './figures.js';
import { pageQueries } from './list-queries.js';
import { FILTERED_SEARCH, type ListCase, type ListScenario, listCases } from './list-scenarios.js';
import {
  type ColdStats,
  judgeMarket,
  type MarketPhase,
  type MarketPlan,
  marketSummary,
  runMarketPhase,
} from './market.js';
import { createRandom } from './random.js';
import {
  describeMachine,
  judge,
  judgeLists,
  machine,
  printSummary,
  type Summary,
} from './report.js';
import {
  runHttpScenario,
  runListCases,
  runListScenario,
  runRawRotation,
  type Timing,
} from './scenarios.js';
import { createSeeder } from './seed-properties.js';
import { judgeRuntime, measureStartup, startupLine } from './startup.js';

// Loading 100,000 rows, whose batches outlive young-generation collections, teaches V8 to
// allocate pg's rows and strings straight in the old generation (allocation-site pretenuring).
// The load generator and the raw-driver loop then spent a fifth of their time in full GCs: the
// raw limit measured 30% low and API latencies carried the bench's own pauses. Off for this
// process only; the server runs with V8's defaults.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

const TEAM = [
  ['ana.rojas@bec.local', 'Ana Rojas', 'editor'],
  ['diego.munoz@bec.local', 'Diego Muñoz', 'editor'],
  ['carla.soto@bec.local', 'Carla Soto', 'viewer'],
] as const;

const SMALL = 1_000;
/** The lists and the Data section are measured here and at the top size: their cost must stay flat. */
const MEDIUM = 10_000;
const DEFAULT_ROWS = 100_000;
/**
 * Above this size the bench measures what issue 19 is about (the lists, their plans, the detail)
 * and leaves out the rest (the Data section, re-pricing, compression, CSV exports, adding), which
 * would take longer than the ten minutes a run may take at a million rows.
 */
const EXTRAS_MAX_ROWS = 200_000;

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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const keep = process.env.BENCH_KEEP === '1';
const skipBuild = process.env.BENCH_SKIP_BUILD === '1';
// BENCH_SECONDS shortens every measured run for a quick smoke test; real figures use 10.
const timing: Timing = { warmup: 2, seconds: Number(process.env.BENCH_SECONDS ?? 10) || 10 };
/**
 * Each list page: a 0.5 s warm-up and 2 s measured. Sixteen pages at each size, within the ten
 * minutes a run at a million rows may take; a page's p50 is steady within a second.
 */
const listTiming: Timing = { warmup: 0.5, seconds: Math.min(2, timing.seconds) };
/** The raw driver at the top size: every page in turn, three rounds of 0.75 s each. */
const RAW_ROTATION = { warmup: 0.5, slice: 0.75, rounds: 3 };
const JIT_WARMUP = 10;
/** Statements in flight while loading: PostgreSQL's triggers and the map cells' upserts wait on one another less. */
const SEED_PARALLEL = 3;
/**
 * BENCH_ONLY=lists: the lists at 10k and at the top size, their plans and the first page's
 * raw-driver ratio; their targets only.
 * BENCH_ONLY=compression: load the top size, measure only the compression figures, no targets.
 * BENCH_ONLY=plans: load the top size, time re-pricing the UF rows and EXPLAIN every list query.
 * BENCH_ONLY=market: the Data section's endpoints at 10k and the top size, their plans and the
 * statistics' cold cost; only their targets are judged.
 * BENCH_ONLY=add: load the top size, measure only adding properties (with the history written
 * and, as the form does, the duplicate check before each add), no targets.
 */
const only = process.env.BENCH_ONLY || null;
const SUBSETS = new Set(['lists', 'compression', 'plans', 'market', 'add', 'startup']);

/** The UF in use while loading (pesos), and the next day's-value re-pricing is timed with. */
const BENCH_UF = 39_643.59;
const BENCH_UF_NEXT = [39_650.33, 39_657.07, 39_663.81];

/**
 * Plans checked beside the measured ones: the price sorts and filters walk the peso price's
 * coalesce indexes with UF prices mixed in (ADR 014); explained and judged, not load-tested.
 */
const PRICE_PLANS: { label: string; search: string }[] = [
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
const FIRST_PAGE: ListScenario = { id: 'first-page', label: 'list, first page', search: '' };
/**
 * Statistics for the planner, plus a settled table: VACUUM sets hint bits and the visibility map
 * (production tables get that from autovacuum, which this machine's server has off), and a
 * CHECKPOINT flushes the load's writes so they don't land in the middle of a measured run. Only
 * a superuser may CHECKPOINT; without that right (a given DATABASE_URL) it is skipped.
 */
async function settle(pool: pg.Pool) {
  await pool.query('vacuum (analyze)');
  await pool.query('checkpoint').catch(() => {});
}

async function main() {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'bec-bench-'));
  const scenarios: ScenarioResult[] = [];
  const marketPlans: MarketPlan[] = [];
  const marketCold: ColdStats[] = [];
  const addMarket = (phase: MarketPhase) => {
    scenarios.push(...phase.scenarios);
    marketPlans.push(...phase.plans);
    marketCold.push(phase.cold);
  };
  const summary: Summary = {
    machine: machine('unknown'),
    scenarios,
    lists: [],
    skipped: [],
    memory: null,
    startup: null,
    plans: [],
    totals: [],
    exports: [],
    levels: null,
    only,
    bundle: null,
    bundleBuilt: false,
    loaded: { properties: 0, photos: 0 },
    seedSeconds: 0,
    seconds: timing.seconds,
    loadAtStart: os.loadavg()[0] ?? 0,
  };
  let TOP: number;
  try {
    TOP = topRows(process.argv.slice(2));
  } catch (err) {
    console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
    rmSync(tempDir, { recursive: true, force: true });
    return 1;
  }
  const top = scale(TOP);
  const extras = TOP <= EXTRAS_MAX_ROWS;
  /** What runs: every part in a full run, the subset's parts with BENCH_ONLY. */
  const runs = {
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
  };
  if (!only && !extras)
    summary.skipped.push(
      `at ${top} rows, the Data section (targets (d) and (e)), re-pricing, compression, CSV exports and adding properties: not about the lists, and a run must stay within 10 minutes (they run at up to ${scale(EXTRAS_MAX_ROWS)})`,
    );
  summary.listTiming = `lists: ${listTiming.warmup} s warm-up and ${listTiming.seconds} s measured per page; raw driver at ${top}: ${RAW_ROTATION.rounds} rounds of ${RAW_ROTATION.slice} s per page in turn`;
  if (only && !SUBSETS.has(only)) {
    console.error(`bench: BENCH_ONLY=${only}: the only subset is ${[...SUBSETS].join(', ')}`);
    rmSync(tempDir, { recursive: true, force: true });
    return 1;
  }
  let database: BenchDatabase;
  try {
    progress(process.env.DATABASE_URL ? 'using DATABASE_URL' : 'creating database bec_bench');
    database = await provideDatabase(process.env.DATABASE_URL);
  } catch (err) {
    // Nothing measured yet: one clear line, no empty summary.
    if (!(err instanceof BenchSetupError)) throw err;
    console.error(`bench: ${err.message}`);
    rmSync(tempDir, { recursive: true, force: true });
    return 1;
  }
  let failed = false;
  let pool: pg.Pool | null = null;
  let handle: Awaited<ReturnType<typeof openDatabase>> | null = null;
  let server: SpawnedServer | null = null;
  let issuer: TestIssuer | null = null;

  try {
    // The API's default pool size (DATABASE_POOL_SIZE): the raw loop gets no more connections.
    pool = new pg.Pool({ connectionString: database.url, max: DEFAULT_POOL_SIZE });
    pool.on('error', () => {});
    summary.machine = machine(await serverVersion(pool));
    progress(`machine: ${describeMachine(summary.machine)}`);
    // Only a hint (a run just before also raises it); the CPU split of each run is the evidence.
    if (summary.loadAtStart > summary.machine.cores / 2)
      console.warn(
        `bench: warning: load average ${summary.loadAtStart.toFixed(2)} on ${summary.machine.cores} cores: if other work is running, figures will be low and noisy`,
      );

    // The API's own migrations and reference data (regions, comunas, types; no demo brokers).
    handle = await openDatabase({ kind: 'postgres', url: database.url });
    await prepareDatabase(handle, { seedDemo: false });
    progress('migrated and reference data loaded');

    // A UF value for today before any row, so UF listings get their peso price as they load.
    const uf = createUfService(handle.db, {
      source: null,
      log: { info: () => {}, warn: (details, message) => console.warn(message, details) },
      refreshMs: 3_600_000,
    });
    const today = chileDate(new Date());
    await uf.putValue(today, BENCH_UF);

    // A few colleagues, who author the listings along with the bench's admin.
    const users = createUsersService(handle.db, { adminEmails: [] });
    for (const [email, name, role] of TEAM) await users.upsertByEmail(email, role, name);

    issuer = await startIssuer(BENCH_AUDIENCE);
    if (runs.startup) {
      progress(`starting the built server ${3 * 2} times (PostgreSQL and PGlite in turn)`);
      summary.startup = await measureStartup({ databaseUrl: database.url, tempDir, issuer });
    }
    server = await startServer({ databaseUrl: database.url, tempDir, issuer });
    progress(`API server pid ${server.pid} ready at ${server.base} (log: ${server.logFile})`);
    const token = await adminToken(server.base, issuer);
    const target = { base: server.base, token, pid: server.pid };
    progress(`signed in as ${BENCH_ADMIN.email} with a token from the issuer at ${issuer.issuer}`);

    // The agencies listings come through (the search reads their names); no phone or e-mail.
    await pool.query(
      'insert into brokers (name, company) select * from unnest($1::text[], $2::text[])',
      [BROKERS.map(([name]) => name), BROKERS.map(([, company]) => company)],
    );
    const seeder = await createSeeder(pool, { ufValue: BENCH_UF });
    let seedStart = performance.now();
    if (runs.small) {
      await seeder.loadUpTo(SMALL);
      await settle(pool);
      summary.seedSeconds = (performance.now() - seedStart) / 1000;
      progress(
        `loaded ${SMALL.toLocaleString('en-US')} properties (${seeder.counts().photos} photos)`,
      );
      // A fresh process spends its first seconds compiling the hot path (V8's JIT): the first run
      // warms up longer, so every figure is of a warm server, as in production.
      scenarios.push(
        await runListScenario(FIRST_PAGE, SMALL, target, { ...timing, warmup: JIT_WARMUP }, null),
      );
      server.assertAlive();
    }
    const raw = { db: handle.db, pool };
    if (runs.market || runs.lists) {
      const started = performance.now();
      await seeder.loadUpTo(MEDIUM, { parallel: SEED_PARALLEL });
      await settle(pool);
      summary.seedSeconds += (performance.now() - started) / 1000;
      progress(
        `loaded ${MEDIUM.toLocaleString('en-US')} properties (${seeder.counts().photos} photos), vacuumed and analyzed`,
      );
      // A subset starts here on a fresh server: its first run warms up longer.
      if (runs.market) {
        addMarket(await runMarketPhase(MEDIUM, target, timing, raw, only ? JIT_WARMUP : 0));
        server.assertAlive();
      }
      if (runs.lists) {
        const cases = await listCases(handle.db, pool);
        // Shown beside the top size's (a slow plan here would flatter the ratio), not judged.
        const plans = new Map<string, PlanVerdict>();
        for (const c of cases) {
          const page = await pageQueries(handle.db, c.search);
          const verdict = await explainQuery(pool, page.rows, MEDIUM);
          plans.set(c.id, verdict);
          progress(
            `plan @${scale(MEDIUM)}, ${c.label}: ${verdict.executionMs.toFixed(2)} ms, ${verdict.verdict}`,
          );
        }
        const warm = only === 'lists' ? JIT_WARMUP : listTiming.warmup;
        summary.lists.push({
          rows: MEDIUM,
          cases: await runListCases(cases, MEDIUM, target, listTiming, plans, warm),
        });
        server.assertAlive();
      }
    }

    // Up to the top size with the secondary indexes dropped and built again after (bulk-load.ts),
    // several batches in flight: a million rows row by row through twenty indexes took too long.
    seedStart = performance.now();
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

    // Each list and its half-way page, on exactly the rows just analyzed.
    const cases: ListCase[] = runs.plans || runs.lists ? await listCases(handle.db, pool) : [];
    const explained = runs.plans
      ? [...cases, ...PRICE_PLANS.map((p) => ({ ...p, id: p.label }))]
      : [];

    // Re-pricing every UF row, as when a new UF value for today arrives: one UPDATE (two passes)
    // under the advisory lock, timed here with the server's own code. The server process checks
    // every minute too; should it have re-priced first, the next value is tried.
    if (runs.reprice) {
      const ufRows = Number(
        (await pool.query("select count(*) as n from properties where price_unit = 'UF'")).rows[0]
          ?.n,
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

    // Plans before any load, on exactly the rows just analyzed: every list and its half-way page,
    // and the price sorts.
    const planOf = new Map<string, PlanVerdict>();
    for (const scenario of explained) {
      const page = await pageQueries(handle.db, scenario.search);
      if (scenario === explained[0]) progress(`list SQL from the repository's ${page.shape}`);
      const verdict = await explainQuery(pool, page.rows, TOP);
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

    // The Data section's endpoints at the top size, as at 10k: first after loading, so the two
    // phases are a minute or two apart and see much the same machine (and before the add
    // scenario, which adds rows). Their only writes are the five no-op updates of the cold statistics.
    if (runs.market) {
      addMarket(await runMarketPhase(TOP, target, timing, raw));
      server.assertAlive();
    }

    if (runs.lists) {
      // Target (a): the first page against the raw driver in alternating slices, as long as ever.
      scenarios.push(
        await runListScenario(
          { ...FIRST_PAGE, id: 'first-page-top' },
          TOP,
          target,
          only === 'lists' ? { ...timing, warmup: JIT_WARMUP } : timing,
          raw,
        ),
      );
      server.assertAlive();
      const figures = await runListCases(cases, TOP, target, listTiming, planOf);
      server.assertAlive();
      progress(`the ${cases.length} list pages through the raw driver, in turn`);
      await runRawRotation(figures, cases, raw, RAW_ROTATION);
      summary.lists.push({ rows: TOP, cases: figures });
    }

    // The first page with and without compression, and what each level costs on real answers.
    // Subset runs start here on a fresh server: a longer warm-up, shared by the three variants.
    if (runs.compression) {
      scenarios.push(
        ...(await runEncodingScenarios(target, TOP, only ? { ...timing, warmup: 4 } : timing)),
      );
      server.assertAlive();
      const ids = (await pool.query<{ id: number }>('select id from properties')).rows.map(
        (r) => r.id,
      );
      summary.levels = measureLevels([
        { label: 'page of 100', body: await plainBody(target, '/api/properties?limit=100') },
        { label: 'first page', body: await plainBody(target, '/api/properties') },
        { label: 'detail', body: await plainBody(target, `/api/properties/${ids.at(-1)}`) },
        { label: 'regions', body: await plainBody(target, '/api/regions') },
        { label: 'config', body: await plainBody(target, '/api/config') },
      ]);
      progress('compression levels measured on real answers, from a page of 100 to the config');
    }
    const ids = (await pool.query<{ id: number }>('select id from properties')).rows.map(
      (r) => r.id,
    );
    if (runs.detail) {
      const random = createRandom(7);
      scenarios.push(
        await runHttpScenario(
          'detail',
          'detail, random id',
          TOP,
          {
            ...target,
            path: `/api/properties/${ids[0]}`,
            vary: () => ({ path: `/api/properties/${random.pick(ids)}` }),
          },
          timing,
        ),
      );
      server.assertAlive();
    }
    if (runs.exports) {
      // CSV exports, one download at a time as a user starts them: everything, and the filtered
      // list's region and price range. Each file must hold exactly the rows the database counts.
      for (const [label, search, where] of [
        ['all properties', '', 'true'],
        [
          'region 13 + price 100–300M',
          `?${FILTERED_SEARCH}`,
          'region_id = 13 and price between 100000000 and 300000000',
        ],
      ] as const) {
        const count = await pool.query<{ n: number }>(
          `select count(*)::int as n from properties where ${where}`,
        );
        const result = await measureExport(target, label, search, count.rows[0]?.n ?? -1);
        summary.exports.push(result);
        progress(
          `CSV export, ${label}: ${result.rows.toLocaleString('en-US')} rows, ${(result.bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s (first byte after ${result.firstByteMs.toFixed(0)} ms)`,
        );
      }
      server.assertAlive();
    }
    if (runs.add) {
      // Last: it adds rows, which must not change what the list scenarios measured. Each add
      // names one of the seeded brokers (and reads it FOR SHARE, as the API does).
      const refs = await pool.query<{ city: number; type: number; broker: number | null }>(
        `select (select id from cities where id = 13120) as city,
                (select id from property_types where name = 'Departamento') as type,
                (select min(id) from brokers) as broker`,
      );
      const ref = refs.rows[0];
      if (!ref?.city || !ref.type) throw new Error('Ñuñoa or the Departamento type is missing');
      // Each added property is a new listing: its own street number and a position a few
      // hundred metres around Ñuñoa, so the duplicate check finds what a real one would.
      const random = createRandom(18);
      let added = 0;
      const listing = () => {
        const n = ++added;
        return validProperty({
          name: `Departamento en Ñuñoa (bench ${n})`,
          address: `Irarrázaval ${1000 + n}, depto ${100 + (n % 20)}`,
          city_id: ref.city,
          property_type_id: ref.type,
          broker_id: ref.broker,
          latitude: Number((-33.4545 + (random.next() - 0.5) * 0.02).toFixed(6)),
          longitude: Number((-70.5975 + (random.next() - 0.5) * 0.02).toFixed(6)),
          photos: [],
        });
      };
      const addTiming = only ? { ...timing, warmup: JIT_WARMUP } : timing;
      scenarios.push(
        await runHttpScenario(
          'add',
          'add property (POST)',
          TOP,
          {
            ...target,
            method: 'POST',
            path: '/api/properties/add',
            vary: () => ({ body: JSON.stringify(listing()) }),
          },
          addTiming,
        ),
      );
      server.assertAlive();
      // As the form saves: a duplicate check, then an add, one after the other on each
      // connection (a latency is the pair's; req/s counts pairs). Both are new listings alike.
      const checkBody = () => {
        const { address, city_id, property_type_id, latitude, longitude } = listing();
        return JSON.stringify({ address, city_id, property_type_id, latitude, longitude });
      };
      scenarios.push(
        await runHttpScenario(
          'add-checked',
          'duplicate check + add (POST ×2)',
          TOP,
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
      server.assertAlive();
    }
    summary.memory = server.memory();
    progress(
      `server RSS ${summary.memory.rssMb.toFixed(0)} MB (peak ${summary.memory.peakMb.toFixed(0)} MB)`,
    );
  } catch (err) {
    failed = true;
    console.error(
      `bench: stopped early: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    if (server)
      console.error(`server log tail (${server.logFile}):\n${logTail(server.logFile, 15)}`);
  } finally {
    await server?.stop().catch(() => {});
    await issuer?.close().catch(() => {});
    await handle?.close().catch(() => {});
    await pool?.end().catch(() => {});
  }

  // After the server stopped, so the build does not compete with it for the two cores.
  let bundle: BundleReport | string | null = null;
  try {
    if (only) throw new Error(`skipped (BENCH_ONLY=${only})`);
    if (!skipBuild) {
      progress('building the web app (npm run build)');
      await buildWeb(path.join(tempDir, 'web-build.log'));
      summary.bundleBuilt = true;
    }
    bundle = measureBundle();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    bundle = skipBuild && /ENOENT/.test(message) ? null : message;
    if (bundle) console.error(`bench: web bundle: ${message}`);
  }
  summary.bundle = bundle;

  progress(
    `database: ${await database.dispose(keep).catch((e: Error) => `not dropped: ${e.message}`)}`,
  );
  if (!failed) rmSync(tempDir, { recursive: true, force: true });
  else progress(`kept ${tempDir} (server log) for a look`);

  // (a) and (c) on the first page ((c) needs the 1k phase, which the lists subset leaves out);
  // the lists' (f)–(h); the Data section's (d) and (e) where it ran.
  const firstPage = judge(scenarios, FIRST_PAGE.id, 'first-page-top', TOP);
  const targets = [
    ...(only === 'lists' ? firstPage.slice(0, 1) : only ? [] : firstPage),
    ...(runs.lists ? judgeLists(summary.lists) : []),
    ...(runs.market ? judgeMarket(scenarios, MEDIUM, TOP) : []),
    ...(runs.startup ? judgeRuntime(summary.startup, only ? null : summary.memory) : []),
  ];
  printSummary(summary, targets, [
    ...(marketPlans.length || marketCold.length
      ? marketSummary(scenarios, marketPlans, marketCold, MEDIUM, TOP)
      : []),
    ...(summary.startup ? [startupLine(summary.startup)] : []),
  ]);
  const invalid =
    scenarios.some((s) => s.error) ||
    summary.lists.some((phase) => phase.cases.some((c) => c.error)) ||
    summary.exports.some((e) => e.error);
  if (invalid)
    console.error('bench: some scenarios failed or had non-2xx responses (see "!" lines above)');
  console.log(`Run time: ${elapsedSeconds().toFixed(0)} s`);

  // Machine-readable copy for comparing runs (bench/results/ is ignored by git).
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench/results/latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), summary, market: { plans: marketPlans, cold: marketCold }, targets }, null, 2)}\n`,
  );
  const badPlans = [
    ...summary.plans.filter((p) => !p.verdict.ok).map((p) => p.label),
    ...marketPlans.filter((p) => !p.ok).map((p) => `${p.endpoint} @${p.rows}: ${p.label}`),
  ];
  if (badPlans.length) console.error(`bench: BAD plans: ${badPlans.join('; ')}`);
  return failed || invalid || badPlans.length || targets.some((t) => !t.pass) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
