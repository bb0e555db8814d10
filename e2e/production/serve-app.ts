// The app of the production journeys: the built server (`npm run serve`) on a fresh PostgreSQL
// database made here, on DATABASE_URL's server, and dropped when the server has stopped.
// Run by playwright.config.ts with the rest of the configuration in its environment.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serveArgs } from '../../apps/api/test/serve-command';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('DATABASE_URL is needed to make the journeys a database.');
const name = `bec_e2e_${process.pid}`;

/** Runs one statement on the server's maintenance database. */
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE "${name}"`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-e2e-prod-'));
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;

const server = spawn(process.execPath, serveArgs(), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl.href, DATA_DIR: dataDir },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.once('exit', async (code) => {
  try {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } catch (err) {
    console.error(`Could not drop database ${name}; drop it by hand.`, err);
  }
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
