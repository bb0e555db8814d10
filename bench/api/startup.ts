import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startDemoServer } from '../common/demo-server.js';
import { progress } from '../common/progress.js';
import { type ProductionServerOptions, type SpawnedServer, startServer } from '../common/server.js';
import { median, num, type Target } from './figures.js';
import {
  measurePgliteExport,
  PGLITE_EXPORT_ROWS,
  type PgliteExportFigures,
} from './pglite-memory.js';

/** The built server's goals (ADR 020). */
const STARTUP_GOALS = {
  /** Spawn to the first 200 from /readyz, PostgreSQL already migrated (ms). */
  postgresReadyMs: 1_500,
  /** The same for `npm start`'s PGlite on an existing DATA_DIR (ms). */
  pgliteReadyMs: 2_000,
  /** Resident memory a little after start, on PostgreSQL, before any request (MB). */
  idleRssMb: 150,
  /** The server's peak resident memory over the whole bench (MB). */
  peakRssMb: 250,
} as const;

/**
 * The embedded database's goals (ADR 050), beside (k): what `npm start` holds idle,
 * after a new user's first start and after a restart, and its peak over the starts and a CSV
 * export of 100k rows (MB).
 */
const PGLITE_GOALS = { idleRssMb: 200, peakRssMb: 300 } as const;

export type StartupFigures = {
  /** Each start's time, in the order measured (ms). */
  postgresReadyMs: number[];
  pgliteReadyMs: number[];
  /** Median over the starts (MB): PostgreSQL 2 s after ready, PGlite once settled (30 s). */
  postgresIdleRssMb: number;
  pgliteIdleRssMb: number;
  /** The first start on a new DATA_DIR (initdb, migrations, the demo), not in the figures above. */
  pgliteFirstStart: { readyMs: number; rssMb: number; peakMb: number };
  /** The highest peak of the PGlite starts, the first one included (MB). */
  pglitePeakMb: number;
  pgliteExport: PgliteExportFigures;
};

const ROUNDS = 3;
/** How long a started server sits idle before its memory is read. */
const IDLE_MS = 2_000;
/**
 * PGlite's idle memory is read once the server has settled (ADR 050): some 10–30 s after the
 * start's work, V8's memory reducer gives back the young generation the start filled (~15 MB).
 */
const SETTLED_MS = 30_000;

async function measured(start: () => Promise<SpawnedServer>, idleMs = IDLE_MS) {
  const server = await start();
  try {
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    server.assertAlive();
    return { readyMs: server.readyMs, ...server.memory() };
  } finally {
    await server.stop();
  }
}

/**
 * Starts the built server again and again, in turns: as production runs it (PostgreSQL, already
 * migrated; the external issuer) and as `npm start` runs it (PGlite on a DATA_DIR made by a first
 * start that is not counted, the development sign-in). Warm starts only: the files are in the
 * page cache, as on any restart.
 */
export async function measureStartup({
  databaseUrl,
  tempDir,
  issuer,
}: ProductionServerOptions): Promise<StartupFigures> {
  const demoDir = path.join(tempDir, 'startup-demo');
  const pgDir = path.join(tempDir, 'startup-postgres');
  for (const dir of [demoDir, pgDir]) mkdirSync(dir, { recursive: true });
  const first = await measured(() => startDemoServer(demoDir), SETTLED_MS);
  progress(
    `PGlite's first start: ${first.readyMs.toFixed(0)} ms, RSS ${first.rssMb.toFixed(0)} MB (peak ${first.peakMb.toFixed(0)} MB)`,
  );
  type Start = Awaited<ReturnType<typeof measured>>;
  const postgres: Start[] = [];
  const pglite: Start[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    postgres.push(await measured(() => startServer({ databaseUrl, tempDir: pgDir, issuer })));
    pglite.push(await measured(() => startDemoServer(demoDir), SETTLED_MS));
    progress(
      `start ${round + 1}/${ROUNDS}: PostgreSQL ${postgres.at(-1)?.readyMs.toFixed(0)} ms, PGlite ${pglite.at(-1)?.readyMs.toFixed(0)} ms`,
    );
  }
  progress(`PGlite: ${PGLITE_EXPORT_ROWS.toLocaleString('en-US')} listings and a CSV export`);
  const pgliteExport = await measurePgliteExport(demoDir, issuer);
  return {
    postgresReadyMs: postgres.map((s) => s.readyMs),
    pgliteReadyMs: pglite.map((s) => s.readyMs),
    postgresIdleRssMb: median(postgres.map((s) => s.rssMb)),
    pgliteIdleRssMb: median(pglite.map((s) => s.rssMb)),
    pgliteFirstStart: first,
    pglitePeakMb: Math.max(first.peakMb, ...pglite.map((s) => s.peakMb)),
    pgliteExport,
  };
}

/** One line for the summary: every start, and the idle memory on both databases. */
export function startupLine(s: StartupFigures) {
  const starts = (ms: number[]) => ms.map((m) => num(m)).join(', ');
  const first = s.pgliteFirstStart;
  const ex = s.pgliteExport;
  return [
    `Server start to ready (built, Node ${process.versions.node}, warm): PostgreSQL ${starts(s.postgresReadyMs)} ms; PGlite ${starts(s.pgliteReadyMs)} ms. Idle RSS: PostgreSQL ${num(s.postgresIdleRssMb)} MB (2 s after ready), PGlite ${num(s.pgliteIdleRssMb)} MB (settled, 30 s)`,
    `PGlite (npm start): first start ${num(first.readyMs)} ms, idle ${num(first.rssMb)} MB, peak ${num(first.peakMb)} MB; warm starts' peak ${num(s.pglitePeakMb)} MB; CSV export of ${num(ex.export.rows)} rows in ${num(ex.export.seconds, 1)} s, server peak ${num(ex.peakMb)} MB, ${num(ex.afterMb)} MB after`,
  ];
}

/**
 * ADR 020's goals: (i) start to ready on PostgreSQL and (j) on PGlite, the median of the starts;
 * (k) idle RSS on PostgreSQL; (l) the server's peak RSS over the run. A figure that was not
 * measured fails its goal.
 */
export function judgeRuntime(
  startup: StartupFigures | null,
  memory: { peakMb: number } | null,
): Target[] {
  const goal = (name: string, value: number | undefined, limit: number, unit: string): Target => ({
    name: `${name} ≤ ${num(limit)} ${unit}`,
    pass: value !== undefined && value <= limit,
    detail: value === undefined ? 'not measured' : `${num(value)} ${unit}`,
  });
  const ready = (ms: number[] | undefined) => (ms?.length ? median(ms) : undefined);
  const g = STARTUP_GOALS;
  return [
    goal(
      '(i) start to ready on PostgreSQL',
      ready(startup?.postgresReadyMs),
      g.postgresReadyMs,
      'ms',
    ),
    goal(
      '(j) start to ready on PGlite, warm',
      ready(startup?.pgliteReadyMs),
      g.pgliteReadyMs,
      'ms',
    ),
    goal('(k) idle RSS on PostgreSQL', startup?.postgresIdleRssMb, g.idleRssMb, 'MB'),
    ...judgePglite(startup),
    // Not measured by a subset that runs no load (BENCH_ONLY=startup).
    ...(memory ? [goal('(l) peak RSS over the bench', memory.peakMb, g.peakRssMb, 'MB')] : []),
  ];
}

/**
 * ADR 050's goals beside (k): PGlite's idle memory (the first start's and the restarts' median,
 * whichever is higher) and its peak over every start and the export (an export that went wrong
 * measured nothing).
 */
function judgePglite(startup: StartupFigures | null): Target[] {
  const p = PGLITE_GOALS;
  if (!startup)
    return [
      { name: `(k) idle RSS on PGlite ≤ ${p.idleRssMb} MB`, pass: false, detail: 'not measured' },
      {
        name: `(k) peak RSS on PGlite, starts and a CSV export ≤ ${p.peakRssMb} MB`,
        pass: false,
        detail: 'not measured',
      },
    ];
  const first = startup.pgliteFirstStart;
  const idle = Math.max(first.rssMb, startup.pgliteIdleRssMb);
  const ex = startup.pgliteExport;
  const peak = Math.max(startup.pglitePeakMb, ex.peakMb);
  return [
    {
      name: `(k) idle RSS on PGlite ≤ ${p.idleRssMb} MB`,
      pass: idle <= p.idleRssMb,
      detail: `first start ${num(first.rssMb)} MB, restarts ${num(startup.pgliteIdleRssMb)} MB`,
    },
    {
      name: `(k) peak RSS on PGlite, starts and a CSV export ≤ ${p.peakRssMb} MB`,
      pass: peak <= p.peakRssMb && !ex.export.error,
      detail: `starts ${num(startup.pglitePeakMb)} MB, export of ${num(ex.export.rows)} rows ${num(ex.peakMb)} MB${ex.export.error ? ` (export: ${ex.export.error})` : ''}`,
    },
  ];
}
