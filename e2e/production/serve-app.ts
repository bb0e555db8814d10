// The app of the production journeys: the built server (`npm run serve`) on a fresh PostgreSQL
// database made here, on DATABASE_URL's server, and dropped when the server has stopped.
// Run by playwright.config.ts with the rest of the configuration in its environment.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@bec/testkit/postgres';
import { serveArgs } from '@bec/testkit/serve-command';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('DATABASE_URL is needed to make the journeys a database.');
const database = await createScratchDatabase(serverUrl, 'bec_e2e');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bec-e2e-prod-'));

const server = spawn(process.execPath, serveArgs(), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.once('exit', async (code) => {
  try {
    await database.drop();
  } catch (err) {
    console.error(`Could not drop database ${database.name}; drop it by hand.`, err);
  }
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
