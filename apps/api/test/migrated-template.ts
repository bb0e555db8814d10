import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '@bec/testkit/postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding a migrated data directory (PGlite's dumpDataDir). */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database to copy (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup for the API suites: migrates one database, with its reference data, once
 * per run, and hands it to every test file that asks for a migrated one (setupApp), which then
 * starts from a copy instead of migrating its own (several seconds a file on a 2-core machine).
 * The app still runs its migrations and seeding on the copy at start, finding nothing to do.
 * Files that need an empty database (migrations from an old one, several processes migrating at
 * once, a restore) still get one.
 */
export default async function migratedTemplate(project: TestProject) {
  if (project.config.env.TEST_DB === 'postgres') {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const template = await createScratchDatabase(serverUrl, 'bec_template');
    const handle = await openDatabase({ kind: 'postgres', url: template.url, poolSize: 1 });
    try {
      await prepareDatabase(handle, { seedDemo: false });
    } finally {
      // A template may have no session open while it is copied.
      await handle.close();
    }
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bec-pglite-template-'));
  try {
    await prepareDatabase(handle, { seedDemo: false });
    const client = (handle.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
    const file = path.join(folder, 'migrated.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await handle.close();
  }
  return () => rm(folder, { recursive: true, force: true });
}
