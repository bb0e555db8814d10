import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveArgs } from '@bec/testkit/serve-command';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BUILT_SERVER = path.join(ROOT, 'apps/api/dist/server.js');

/** One pino JSON line (a line that is not JSON, such as a start-up failure, is kept as `msg`). */
export type LogLine = { level?: number; msg?: string; [key: string]: unknown };

export type ServerProcess = {
  /** http://127.0.0.1:<port>, where it listens. */
  url: string;
  pid: number;
  /** Its stdout and stderr so far, parsed line by line. */
  logs: () => LogLine[];
  /** Its stdout and stderr so far, as written (for failure messages). */
  output: () => string;
  /** Waits for a log line matching `match`; fails with the output after `timeoutMs`. */
  waitForLog: (match: (line: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>;
  /** SIGTERM, then SIGKILL after 10 s; answers the exit code. Calling it twice is harmless. */
  stop: () => Promise<number | null>;
};

/** Every child still running, killed if the test process exits without stopping them. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the real server in a child process on a free port of 127.0.0.1 and waits until `/readyz`
 * answers 200 (or the process exits, or `timeoutMs` passes: then it is killed and this fails with
 * its output). The environment is `env` alone (plus PATH, HOME and TMPDIR), so nothing leaks from
 * the test's; a `.env` file at the repository's root would still be read by the server for what
 * `env` leaves unset.
 */
export async function startServer({
  env,
  timeoutMs = 30_000,
}: {
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  // `npm test` builds before it runs the suites; a single test file run by hand may not have.
  if (!existsSync(BUILT_SERVER))
    throw new Error(`no built server at ${BUILT_SERVER}: run "npm run build -w @bec/api" first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The built server, as `npm run serve` starts it (serve-command.ts).
  const child = spawn(process.execPath, serveArgs(), {
    cwd: ROOT,
    env: {
      ...pick(process.env, ['PATH', 'HOME', 'TMPDIR']),
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    }),
  );

  let output = '';
  const lines: LogLine[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) lines.push(parse(part));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);

  let stopping: Promise<number | null> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      try {
        return await exited;
      } finally {
        clearTimeout(killer);
      }
    })();
    return stopping;
  };

  const waitForLog = async (match: (line: LogLine) => boolean, wait = 10_000) => {
    const until = Date.now() + wait;
    for (;;) {
      const found = lines.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no such log line in ${wait} ms; output:\n${output}`);
      await sleep(50);
    }
  };

  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(100);
  }

  return {
    url,
    pid: child.pid ?? 0,
    logs: () => lines,
    output: () => output,
    waitForLog,
    stop,
  };
}

function parse(line: string): LogLine {
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === 'object') return value as LogLine;
  } catch {
    // not JSON: kept as text below
  }
  return { msg: line };
}

const pick = (source: NodeJS.ProcessEnv, keys: string[]) =>
  Object.fromEntries(keys.flatMap((k) => (source[k] === undefined ? [] : [[k, source[k]]])));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
