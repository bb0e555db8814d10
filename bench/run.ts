/**
 * `npm run bench`: proves the property list stays fast at 100,000 rows on PostgreSQL.
 * Phases: a fresh database migrated by the API's own code → the real server as a child process →
 * 1,000 listings and the first page measured → 10,000 listings and the Data section's endpoints
 * (bench/market.ts) → 100,000 listings, plans explained, every scenario measured over HTTP
 * (autocannon), the list pages also through the raw driver, the Data section's endpoints again →
 * web bundle sizes → one summary and PASS/FAIL for the targets (exit 1 if one is missed).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { prepareDatabase } from '../apps/api/src/db/prepare.js';
import { chileDate } from '../apps/api/src/lib/chile-date.js';
import { encodePropertyCursor } from '../apps/api/src/modules/properties/property-cursor.js';
import { createUfService } from '../apps/api/src/modules/uf/uf.service.js';
import { createUsersService } from '../apps/api/src/modules/users/users.service.js';
import { startIssuer, type TestIssuer } from '../apps/api/test/issuer.js';
import { validProperty } from '../apps/api/test/property-fixture.js';
import { type BundleReport, buildWeb, measureBundle } from './bundle-size.js';
import { measureLevels, plainBody, runEncodingScenarios } from './compression.js';
import { type BenchDatabase, BenchSetupError, provideDatabase, serverVersion } from './database.js';
import { explainBrief, explainQuery } from './explain.js';
import { measureExport } from './export.js';
import { pageQueries } from './list-queries.js';
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
  elapsedSeconds,
  judge,
  machine,
  printSummary,
  progress,
  type ScenarioResult,
  type Summary,
} from './report.js';
import { type ListScenario, runHttpScenario, runListScenario, type Timing } from './scenarios.js';
import { createSeeder } from './seed-properties.js';
import {
  adminToken,
  BENCH_ADMIN,
  BENCH_AUDIENCE,
  logTail,
  type RunningServer,
  startServer,
} from './server.js';

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
/** The Data section's endpoints are measured here and at LARGE: their cost must stay flat. */
const MEDIUM = 10_000;
const LARGE = 100_000;
const DEEP_OFFSET = 50_000;
/** A street and a comuna: present in thousands of rows, and typed by real users. */
const SEARCH_TERM = 'providencia';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.env.BENCH_KEEP === '1';
const skipBuild = process.env.BENCH_SKIP_BUILD === '1';
// BENCH_SECONDS shortens every measured run for a quick smoke test; real figures use 10.
const timing: Timing = { warmup: 2, seconds: Number(process.env.BENCH_SECONDS ?? 10) || 10 };
const JIT_WARMUP = 10;
/**
 * BENCH_ONLY=compression: load the 100k rows, measure only the compression figures, no targets.
 * BENCH_ONLY=plans: load the 100k rows, time re-pricing the UF rows and EXPLAIN every list query.
 * BENCH_ONLY=market: the Data section's endpoints at 10k and 100k rows, their plans and the
 * statistics' cold cost; only their targets are judged.
 * BENCH_ONLY=add: load the 100k rows, measure only adding properties (with the history written
 * and, as the form does, the duplicate check before each add), no targets.
 */
const only = process.env.BENCH_ONLY || null;
const SUBSETS = new Set(['compression', 'plans', 'market', 'add']);

/** The UF in use while loading (pesos), and the next day's-value re-pricing is timed with. */
const BENCH_UF = 39_643.59;
const BENCH_UF_NEXT = [39_650.33, 39_657.07, 39_663.81];

const FILTERED_SEARCH = 'region_id=13&price_min=100000000&price_max=300000000';
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
const LIST_SCENARIOS = (deepCursor: string): ListScenario[] => [
  { ...FIRST_PAGE, id: 'first-page-100k' },
  {
    id: 'filtered',
    label: 'list, region 13 + price 100–300M',
    search: FILTERED_SEARCH,
  },
  { id: 'search', label: `list, q=${SEARCH_TERM}`, search: `q=${SEARCH_TERM}` },
  {
    id: 'deep',
    label: `list, cursor ${DEEP_OFFSET.toLocaleString('en-US')} deep`,
    search: `cursor=${deepCursor}`,
  },
];

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
    memory: null,
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
  let server: RunningServer | null = null;
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
    server = await startServer({ databaseUrl: database.url, tempDir, issuer });
    progress(`API server pid ${server.pid} ready at ${server.base} (log: ${server.logFile})`);
    const token = await adminToken(server.base, issuer);
    const target = { base: server.base, token, pid: server.pid };
    progress(`signed in as ${BENCH_ADMIN.email} with a token from the issuer at ${issuer.issuer}`);

    const seeder = await createSeeder(pool, { ufValue: BENCH_UF });
    let seedStart = performance.now();
    if (!only) {
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
    if (!only || only === 'market') {
      const started = performance.now();
      await seeder.loadUpTo(MEDIUM);
      await settle(pool);
      summary.seedSeconds += (performance.now() - started) / 1000;
      progress(
        `loaded ${MEDIUM.toLocaleString('en-US')} properties (${seeder.counts().photos} photos), vacuumed and analyzed`,
      );
      // The market subset starts here on a fresh server: the first run warms up longer.
      addMarket(
        await runMarketPhase(
          MEDIUM,
          target,
          timing,
          { db: handle.db, pool },
          only ? JIT_WARMUP : 0,
        ),
      );
      server.assertAlive();
    }

    seedStart = performance.now();
    await seeder.loadUpTo(LARGE, (n) => {
      if (n % 25_000 === 0) progress(`  ${n.toLocaleString('en-US')} properties`);
    });
    await settle(pool);
    summary.seedSeconds += (performance.now() - seedStart) / 1000;
    summary.loaded = seeder.counts();
    progress(
      `loaded ${LARGE.toLocaleString('en-US')} properties and ${summary.loaded.photos.toLocaleString('en-US')} photos, vacuumed and analyzed`,
    );

    // The row 50,000 deep in the default order (newest first; ties broken by id).
    const deep = await pool.query<{ created_at: Date; id: number }>(
      'select created_at, id from properties order by created_at desc, id desc offset $1 limit 1',
      [DEEP_OFFSET],
    );
    const deepRow = deep.rows[0];
    if (!deepRow) throw new Error(`no row at offset ${DEEP_OFFSET}`);
    const deepCursor = encodePropertyCursor({
      sort: 'newest',
      value: deepRow.created_at.toISOString(),
      id: deepRow.id,
    });
    const lists = only ? [] : LIST_SCENARIOS(deepCursor);
    const explained =
      only && only !== 'plans' ? [] : [...LIST_SCENARIOS(deepCursor), ...PRICE_PLANS];
    const market = !only || only === 'market';

    // Re-pricing every UF row, as when a new UF value for today arrives: one UPDATE (two passes)
    // under the advisory lock, timed here with the server's own code. The server process checks
    // every minute too; should it have re-priced first, the next value is tried.
    if (!only || only === 'plans') {
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

    // Plans before any load, on exactly the 100k rows just analyzed: the first page and the
    // filtered one are what the targets are about; search and deep cursor are shown as well.
    for (const scenario of explained) {
      const page = await pageQueries(handle.db, scenario.search);
      if (scenario === explained[0]) progress(`list SQL from the repository's ${page.shape}`);
      const verdict = await explainQuery(pool, page.rows, LARGE);
      console.log(
        `\nEXPLAIN (ANALYZE, BUFFERS), ${scenario.label}:\n${verdict.text}\n→ ${verdict.verdict}\n`,
      );
      summary.plans.push({ label: scenario.label, verdict });
      // The total: its own query, or (listPage) the one run when a cursor page comes back empty.
      const totalLine = await explainBrief(pool, page.total);
      progress(`total query, ${scenario.label}: ${totalLine}`);
      summary.totals.push({ label: `total of ${scenario.label}`, line: totalLine });
    }

    // The Data section's endpoints at 100k, as at 10k: first after loading, so the two phases are
    // a minute or two apart and see much the same machine (and before the add scenario, which adds
    // rows). Their only writes are the five no-op updates of the cold statistics.
    if (market) {
      addMarket(await runMarketPhase(LARGE, target, timing, { db: handle.db, pool }));
      server.assertAlive();
    }

    for (const scenario of lists) {
      scenarios.push(
        await runListScenario(scenario, LARGE, target, timing, { db: handle.db, pool }),
      );
      server.assertAlive();
    }

    // The first page with and without compression, and what each level costs on real answers.
    // Subset runs start here on a fresh server: a longer warm-up, shared by the three variants.
    if (!only || only === 'compression') {
      scenarios.push(
        ...(await runEncodingScenarios(target, LARGE, only ? { ...timing, warmup: 4 } : timing)),
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
    if (!only) {
      const random = createRandom(7);
      scenarios.push(
        await runHttpScenario(
          'detail',
          'detail, random id',
          LARGE,
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
    if (!only) {
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
    if (!only || only === 'add') {
      // Last: it adds rows, which must not change what the list scenarios measured. A real
      // database starts without brokers: the team's first one, so each add names a broker (and
      // reads it FOR SHARE, as the API does).
      await pool.query(
        `insert into brokers (name, company, phone)
         select 'Corredora del bench', 'Bench Propiedades', '+56981234567'
         where not exists (select 1 from brokers)`,
      );
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
          LARGE,
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
          LARGE,
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

  const targets = [
    ...(only ? [] : judge(scenarios, FIRST_PAGE.id, 'first-page-100k')),
    ...(!only || only === 'market' ? judgeMarket(scenarios, MEDIUM, LARGE) : []),
  ];
  printSummary(
    summary,
    targets,
    marketPlans.length || marketCold.length
      ? marketSummary(scenarios, marketPlans, marketCold, MEDIUM, LARGE)
      : [],
  );
  const invalid = scenarios.some((s) => s.error) || summary.exports.some((e) => e.error);
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
