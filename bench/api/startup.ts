import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startDemoServer } from '../common/demo-server.js';
import { progress } from '../common/progress.js';
import { type ProductionServerOptions, type SpawnedServer, startServer } from '../common/server.js';
import { median, num, type Target } from './figures.js';

/** Issue 20's goals for the built server (ADR 020). */
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

export type StartupFigures = {
  /** Each start's time, in the order measured (ms). */
  postgresReadyMs: number[];
  pgliteReadyMs: number[];
  /** Median over the starts (MB). */
  postgresIdleRssMb: number;
  pgliteIdleRssMb: number;
};

const ROUNDS = 3;
/** How long a started server sits idle before its memory is read. */
const IDLE_MS = 2_000;

async function measured(start: () => Promise<SpawnedServer>) {
  const server = await start();
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    server.assertAlive();
    return { readyMs: server.readyMs, rssMb: server.memory().rssMb };
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
  await (await startDemoServer(demoDir)).stop();
  const postgres: { readyMs: number; rssMb: number }[] = [];
  const pglite: { readyMs: number; rssMb: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    postgres.push(await measured(() => startServer({ databaseUrl, tempDir: pgDir, issuer })));
    pglite.push(await measured(() => startDemoServer(demoDir)));
    progress(
      `start ${round + 1}/${ROUNDS}: PostgreSQL ${postgres.at(-1)?.readyMs.toFixed(0)} ms, PGlite ${pglite.at(-1)?.readyMs.toFixed(0)} ms`,
    );
  }
  return {
    postgresReadyMs: postgres.map((s) => s.readyMs),
    pgliteReadyMs: pglite.map((s) => s.readyMs),
    postgresIdleRssMb: median(postgres.map((s) => s.rssMb)),
    pgliteIdleRssMb: median(pglite.map((s) => s.rssMb)),
  };
}

/** One line for the summary: every start, and the idle memory on both databases. */
export function startupLine(s: StartupFigures) {
  const starts = (ms: number[]) => ms.map((m) => num(m)).join(', ');
  return `Server start to ready (built, Node ${process.versions.node}, warm): PostgreSQL ${starts(s.postgresReadyMs)} ms; PGlite ${starts(s.pgliteReadyMs)} ms. Idle RSS: PostgreSQL ${num(s.postgresIdleRssMb)} MB, PGlite ${num(s.pgliteIdleRssMb)} MB`;
}

/**
 * Issue 20's goals: (i) start to ready on PostgreSQL and (j) on PGlite, the median of the starts;
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
    // Not measured by a subset that runs no load (BENCH_ONLY=startup).
    ...(memory ? [goal('(l) peak RSS over the bench', memory.peakMb, g.peakRssMb, 'MB')] : []),
  ];
}
