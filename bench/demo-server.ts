import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { logTail } from './server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(root, 'apps/api/src/server.ts');
const READY_TIMEOUT_MS = 90_000;

export type DemoServer = {
  /** http://localhost:<port>: the origin the development sign-in's tokens are issued for. */
  base: string;
  logFile: string;
  /** Throws (with the log's tail) if the server has died since it started. */
  assertAlive: () => void;
  stop: () => Promise<void>;
};

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

/**
 * The server as `npm start` serves it (the built web app, embedded PGlite, local photos, the
 * development sign-in with the demo properties), on a fresh DATA_DIR under `tempDir`. PUBLIC_URL
 * is `localhost`, as in the e2e setup: the sign-in's issuer and the tokens' audience derive from
 * it, so the browser must use that origin. The environment is minimal (no DATABASE_URL from the
 * shell) and the cwd is `tempDir`, so no stray `.env` is read.
 */
export async function startDemoServer(tempDir: string): Promise<DemoServer> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const logFile = path.join(tempDir, 'server.log');
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: path.join(tempDir, 'data'),
    SEED_DEMO: '1',
  };
  // tsx is resolved here: the temp cwd has no node_modules to resolve `--import tsx` from.
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), SERVER_ENTRY],
    { cwd: tempDir, env, stdio: ['ignore', log, log] },
  );
  closeSync(log);

  let exited: string | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    });
  });
  // If this process dies, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const died = () =>
    new Error(`the server stopped (${exited}); last lines of ${logFile}:\n${logTail(logFile)}`);

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
        `the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${logTail(logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    base,
    logFile,
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
