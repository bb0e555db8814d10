import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestIssuer } from '@bec/testkit/issuer';
import { serveArgs } from '@bec/testkit/serve-command';

const READY_TIMEOUT_MS = 90_000;
/** How often a starting server is asked whether it is ready: the start time's resolution. */
const READY_POLL_MS = 20;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function logTail(file: string, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const readStatusKb = (pid: number, field: string) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : Number.NaN;
};

/** The member the bench acts as: bootstrapped as an admin through ADMIN_EMAILS. */
export const BENCH_ADMIN = {
  sub: 'bench-admin',
  email: 'bench-admin@bec.local',
  email_verified: true,
  name: 'Bench Admin',
};
export const BENCH_AUDIENCE = 'bec-bench';

export type SpawnedServer = {
  base: string;
  pid: number;
  logFile: string;
  /** From spawning the process to the first 200 from /readyz (ms). */
  readyMs: number;
  /** Resident and peak memory of the server process from /proc (MB). */
  memory: () => { rssMb: number; peakMb: number };
  /** Throws (with the log's tail) if the server has died since it started. */
  assertAlive: () => void;
  stop: () => Promise<void>;
};

/**
 * Starts the built server as `npm run serve` does (apps/api/dist: the caller builds it) on a free
 * port with exactly the environment `envFor(port)` answers (plus PATH and HOME, so nothing from
 * the caller's shell changes what is measured), logs to `tempDir/server.log`, and waits for
 * `GET <base>/readyz`. Node is spawned directly (not through
 * npm) so its pid is the server's; the cwd is `tempDir`, so no stray `.env` is loaded. If this
 * process dies, the server does not outlive it.
 */
export async function spawnServer(
  tempDir: string,
  envFor: (port: number) => { base: string; env: NodeJS.ProcessEnv },
): Promise<SpawnedServer> {
  const port = await freePort();
  const { base, env } = envFor(port);
  const logFile = path.join(tempDir, 'server.log');
  const log = openSync(logFile, 'a');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, serveArgs(), {
    cwd: tempDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the API server');

  let exited: string | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    });
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const died = () =>
    new Error(`the API server stopped (${exited}); last lines of ${logFile}:\n${logTail(logFile)}`);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) throw died();
    try {
      const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the API server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${logTail(logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  const readyMs = performance.now() - started;

  return {
    base,
    pid,
    logFile,
    readyMs,
    memory: () => ({
      rssMb: readStatusKb(pid, 'VmRSS') / 1024,
      peakMb: readStatusKb(pid, 'VmHWM') / 1024,
    }),
    assertAlive: () => {
      if (exited) throw died();
    },
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (exited) return;
      child.kill('SIGTERM');
      // close-with-grace gives requests 10 s; past that, stop waiting.
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}

/**
 * The real server as its own process, configured as in production: PostgreSQL and an external
 * OpenID issuer (the one the API tests use, on loopback, serving discovery and a JWKS). The
 * built-in development sign-in stays off, as it is in production; it loads oidc-provider, whose
 * AsyncLocalStorage puts a hook on every promise in the process.
 */
export type ProductionServerOptions = {
  databaseUrl: string;
  tempDir: string;
  issuer: TestIssuer;
};

export async function startServer({
  databaseUrl,
  tempDir,
  issuer,
}: ProductionServerOptions): Promise<SpawnedServer> {
  return spawnServer(tempDir, (port) =>
    productionEnv(port, tempDir, issuer, { DATABASE_URL: databaseUrl }),
  );
}

/**
 * The same server on the embedded database (PGlite in `tempDir/data/db`, no DATABASE_URL): what
 * `npm start` serves, signed in through the issuer instead of the development sign-in, whose pages
 * only a browser gets through.
 */
export async function startEmbeddedServer({
  tempDir,
  issuer,
}: Omit<ProductionServerOptions, 'databaseUrl'>): Promise<SpawnedServer> {
  return spawnServer(tempDir, (port) => productionEnv(port, tempDir, issuer, {}));
}

function productionEnv(
  port: number,
  tempDir: string,
  issuer: TestIssuer,
  database: { DATABASE_URL?: string },
) {
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    env: {
      ...database,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(tempDir, 'data'),
      SEED_DEMO: '0',
      // Production-like, but offline: the bench measures the API, not mindicador.cl.
      UF_SOURCE: 'none',
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'bec-web',
      OIDC_AUDIENCE: BENCH_AUDIENCE,
      ADMIN_EMAILS: BENCH_ADMIN.email,
      // The bench is one member at 32 connections, thousands of requests a second: the very
      // flood the rate limit refuses (ADR 028). It measures the API, so the limits are off.
      RATE_LIMIT_ACCOUNT_PER_MINUTE: '0',
      RATE_LIMIT_ADDRESS_PER_MINUTE: '0',
    },
  };
}

/**
 * An access token from the issuer for the bench's admin (valid for an hour, longer than a run);
 * the first call bootstraps the member through ADMIN_EMAILS, as a first sign-in would.
 */
export async function adminToken(base: string, issuer: TestIssuer): Promise<string> {
  const token = await issuer.mint(BENCH_ADMIN, { expiresIn: 3600 });
  const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
  if (me.status !== 200)
    throw new Error(`GET /api/users/me with the token answered ${me.status}: ${await me.text()}`);
  return token;
}
