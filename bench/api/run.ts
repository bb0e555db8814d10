/**
 * `npm run bench [-- --rows N]`: proves the property lists stay flat from 10,000 rows to the top
 * size (100,000 by default; `--rows 1000000` for a million) on PostgreSQL.
 * Phases: a fresh database migrated by the API's own code → the real server as a child process →
 * 1,000 listings and the first page measured → 10,000 listings, the Data section's endpoints
 * (bench/api/market.ts) and the lists (bench/api/list-scenarios.ts) → the top size, plans explained, the
 * lists again, also through the raw driver, every other scenario measured over HTTP (autocannon),
 * the Data section's endpoints again → web bundle sizes → one summary and PASS/FAIL for the
 * targets (exit 1 if one is missed), with the listing text reader's accuracy over its corpus
 * (bench/api/listing-accuracy.ts).
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
  type DatabaseHandle,
  DEFAULT_POOL_SIZE,
  openDatabase,
  prepareDatabase,
} from '@bec/api/tools';
import { startIssuer, type TestIssuer } from '@bec/testkit/issuer';
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
import { addSummary } from './add-burst.js';
import { BROKERS } from './chile-data.js';
import { type BenchDatabase, BenchSetupError, provideDatabase, serverVersion } from './database.js';
import { scale } from './figures.js';
import { listingAccuracy } from './listing-accuracy.js';
import { judgeMarket, marketSummary } from './market.js';
import {
  type BenchRun,
  casesToRun,
  explainPlans,
  loadToTop,
  measureAdds,
  measureCompression,
  measureDetail,
  measureExports,
  measureMarket,
  measureMedium,
  measureSavedSearches,
  measureSmall,
  measureTopLists,
  repriceUf,
} from './phases.js';
import {
  BENCH_UF,
  EXTRAS_MAX_ROWS,
  FIRST_PAGE,
  listTiming,
  MEDIUM,
  type Plan,
  RAW_ROTATION,
  readPlan,
  timing,
} from './plan.js';
import {
  describeMachine,
  judge,
  judgeLists,
  machine,
  printSummary,
  type Summary,
} from './report.js';
import { alertSummary } from './saved-search-matching.js';
import { judgeSearchShare } from './search-share.js';
import { createSeeder } from './seed-properties.js';
import { judgeRuntime, measureStartup, startupLine } from './startup.js';

// Loading 100,000 rows, whose batches outlive young-generation collections, teaches V8 to
// allocate pg's rows and strings straight in the old generation (allocation-site pretenuring).
// The load generator and the raw-driver loop then spent their time in full GCs: the raw limit
// read low and API latencies carried the bench's own pauses. Off for this
// process only; the server runs with V8's defaults.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

const TEAM = [
  ['ana.rojas@bec.local', 'Ana Rojas', 'editor'],
  ['diego.munoz@bec.local', 'Diego Muñoz', 'editor'],
  ['carla.soto@bec.local', 'Carla Soto', 'viewer'],
] as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const keep = process.env.BENCH_KEEP === '1';
const skipBuild = process.env.BENCH_SKIP_BUILD === '1';

/** The summary before anything is measured, with what the plan leaves out. */
function emptySummary({ top, only, extras }: Plan): Summary {
  const summary: Summary = {
    machine: machine('unknown'),
    scenarios: [],
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
  if (!only && !extras)
    summary.skipped.push(
      `at ${scale(top)} rows, the Data section (targets (d) and (e)), re-pricing, compression, CSV exports and adding properties: not about the lists, and a run must stay within 10 minutes (they run at up to ${scale(EXTRAS_MAX_ROWS)})`,
    );
  summary.listTiming = `lists: ${listTiming.warmup} s warm-up and ${listTiming.seconds} s measured per page; raw driver at ${scale(top)}: ${RAW_ROTATION.rounds} rounds of ${RAW_ROTATION.slice} s per page in turn`;
  return summary;
}

/**
 * The API's own migrations and reference data (regions, comunas, types; no demo brokers), a UF
 * value for today before any row (so UF listings get their peso price as they load), and a few
 * colleagues, who author the listings along with the bench's admin.
 */
async function prepareData(handle: DatabaseHandle) {
  await prepareDatabase(handle, { seedDemo: false });
  progress('migrated and reference data loaded');
  const uf = createUfService(handle.db, {
    source: null,
    log: { info: () => {}, warn: (details, message) => console.warn(message, details) },
    refreshMs: 3_600_000,
  });
  const today = chileDate(new Date());
  await uf.putValue(today, BENCH_UF);
  const users = createUsersService(handle.db, { adminEmails: [] });
  for (const [email, name, role] of TEAM) await users.upsertByEmail(email, role, name);
  return { uf, today };
}

/** Every measured phase the plan asks for, in order, on a live server. */
async function measureAll(run: BenchRun, uf: ReturnType<typeof createUfService>, today: string) {
  const { runs, top } = run.plan;
  if (runs.small) await measureSmall(run);
  if (runs.market || runs.lists) await measureMedium(run);
  await loadToTop(run);
  // Each list and its half-way page, on exactly the rows just analyzed.
  const cases = await casesToRun(run);
  if (runs.reprice) await repriceUf(run, uf, today);
  const planOf = runs.plans ? await explainPlans(run, cases) : new Map();
  // The Data section's endpoints at the top size, as at 10k: first after loading, so the two
  // phases are a minute or two apart and see much the same machine (and before the add
  // scenario, which adds rows). Their only writes are the no-op updates of the statistics after a write.
  if (runs.market) await measureMarket(run, top);
  if (runs.lists) await measureTopLists(run, cases, planOf);
  if (runs.compression) await measureCompression(run);
  if (runs.detail) await measureDetail(run);
  if (runs.exports) await measureExports(run);
  if (runs.add) await measureAdds(run);
  if (runs.alerts) await measureSavedSearches(run);
  run.summary.memory = run.server.memory();
  progress(
    `server RSS ${run.summary.memory.rssMb.toFixed(0)} MB (peak ${run.summary.memory.peakMb.toFixed(0)} MB)`,
  );
}

/** The web app's bundle, built after the server stopped so the two do not share the two cores. */
async function measureWebBundle(summary: Summary, tempDir: string, only: string | null) {
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
}

/** The targets judged, the summary printed and saved; answers the exit code. */
function report(summary: Summary, run: Pick<BenchRun, 'plan' | 'market'>, failed: boolean) {
  const { plan, market } = run;
  const { scenarios } = summary;
  const { only, runs, top: TOP } = plan;
  // (a) and (c) on the first page ((c) needs the 1k phase, which the lists subset leaves out);
  // the lists' (f)–(h); the Data section's (d) and (e) where it ran.
  const firstPage = judge(scenarios, FIRST_PAGE.id, 'first-page-top', TOP);
  // The listing reader's accuracy (ADR 036): no database, milliseconds; in every full run.
  const accuracy = only ? null : listingAccuracy();
  const alerts = summary.alerts ? alertSummary(summary.alerts) : null;
  const adds = runs.add ? addSummary(summary.addBurst, scenarios) : null;
  const targets = [
    ...(only === 'lists' ? firstPage.slice(0, 1) : only ? [] : firstPage),
    ...(runs.lists
      ? [...judgeLists(summary.lists), judgeSearchShare(summary.searchShare, scale(TOP))]
      : []),
    ...(runs.market ? judgeMarket(scenarios, market.afterWrite, MEDIUM, TOP) : []),
    ...(runs.startup ? judgeRuntime(summary.startup, only ? null : summary.memory) : []),
    ...(accuracy?.targets ?? []),
    ...(alerts?.targets ?? []),
    ...(adds?.targets ?? []),
  ];
  printSummary(summary, targets, [
    ...(market.plans.length || market.afterWrite.length
      ? marketSummary(scenarios, market.plans, market.afterWrite, MEDIUM, TOP)
      : []),
    ...(summary.startup ? startupLine(summary.startup) : []),
    ...(alerts?.lines ?? []),
    ...(adds?.lines ?? []),
    ...(accuracy ? ['', ...accuracy.lines] : []),
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
    `${JSON.stringify({ at: new Date().toISOString(), summary, market, targets }, null, 2)}\n`,
  );
  const badPlans = [
    ...summary.plans.filter((p) => !p.verdict.ok).map((p) => p.label),
    ...market.plans.filter((p) => !p.ok).map((p) => `${p.endpoint} @${p.rows}: ${p.label}`),
  ];
  if (badPlans.length) console.error(`bench: BAD plans: ${badPlans.join('; ')}`);
  return failed || invalid || badPlans.length || targets.some((t) => !t.pass) ? 1 : 0;
}

async function main() {
  let plan: Plan;
  try {
    plan = readPlan(process.argv.slice(2));
  } catch (err) {
    console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'bec-bench-'));
  const summary = emptySummary(plan);
  const market: BenchRun['market'] = { plans: [], afterWrite: [] };
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
  let handle: DatabaseHandle | null = null;
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

    handle = await openDatabase({ kind: 'postgres', url: database.url });
    const { uf, today } = await prepareData(handle);

    issuer = await startIssuer(BENCH_AUDIENCE);
    if (plan.runs.startup) {
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
    const run = { plan, summary, market, pool, db: handle.db, server, target, seeder };
    await measureAll(run, uf, today);
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

  await measureWebBundle(summary, tempDir, plan.only);
  progress(
    `database: ${await database.dispose(keep).catch((e: Error) => `not dropped: ${e.message}`)}`,
  );
  if (!failed) rmSync(tempDir, { recursive: true, force: true });
  else progress(`kept ${tempDir} (server log) for a look`);
  return report(summary, { plan, market }, failed);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
