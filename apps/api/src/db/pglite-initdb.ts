import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The child's whole program: PGlite creates the folder (its initdb), starts once and stops. */
const INITDB = `
const [entry, dataDir, settings] = process.argv.slice(1);
const { PGlite } = await import(entry);
const db = new PGlite({ dataDir, startParams: [...PGlite.defaultStartParams, ...JSON.parse(settings)] });
await db.waitReady;
await db.close();
`;

/**
 * Creates a new PGlite data folder in a child process, so that initdb's memory leaves with it
 * (ADR 050). PGlite runs initdb in a second WebAssembly instance whose 128 MB heap it snapshots and
 * restores, and it writes the new folder through an in-memory copy: in the server's process that
 * left its memory behind for good (fragmented native heap, heap grown for it). A folder that exists
 * with PG_VERSION in it is left alone. `--liftoff-only` as in `npm run serve`: the child's
 * hundreds of statements would otherwise have V8 optimise PostgreSQL's parser, a compile of
 * hundreds of MB.
 */
export async function initPgliteDataDir(dataDir: string, settings: string[]) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const args = ['--liftoff-only', '--input-type=module', '-e', INITDB];
  try {
    await run(process.execPath, [...args, entry, dataDir, JSON.stringify(settings)]);
  } catch (err) {
    const { stderr } = err as { stderr?: string };
    throw new Error(`Could not create the embedded database in ${dataDir}: ${stderr || err}`);
  }
}
