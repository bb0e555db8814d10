import { readFile } from 'node:fs/promises';
import { createScratchDatabase } from '@bec/testkit/postgres';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';

export type TestDatabaseOptions = {
  /** PostgreSQL only: the app connects through this local port (a fault proxy) instead. */
  viaPort?: number;
  timeoutMs?: number;
  /**
   * A copy of the run's migrated database (test/migrated-template.ts) instead of an empty one:
   * what the app would make of an empty one at start, ready sooner.
   */
  migrated?: boolean;
};

/**
 * A fresh database for one test file, empty or migrated: in-memory PGlite, or (TEST_DB=postgres)
 * a new database on the server DATABASE_URL points at, dropped afterwards.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<{
  handle: DatabaseHandle;
  /** PostgreSQL only: the new database's address on the real server. */
  url: string | null;
  destroy: () => Promise<void>;
}> {
  if (process.env.TEST_DB !== 'postgres') {
    const loadDataDir = options.migrated
      ? new Blob([await readFile(inject('pgliteTemplate'))])
      : undefined;
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir });
    return { handle, url: null, destroy: () => handle.close() };
  }
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return createPostgresDatabase(baseUrl, options);
}

/** A new database on the PostgreSQL server at `baseUrl`, dropped by `destroy`. */
export async function createPostgresDatabase(
  baseUrl: string,
  options: TestDatabaseOptions & { poolSize?: number } = {},
): Promise<{ handle: DatabaseHandle; url: string; destroy: () => Promise<void> }> {
  const template = options.migrated ? inject('postgresTemplate') : undefined;
  const scratch = await createScratchDatabase(baseUrl, 'bec_test', template);
  const appUrl = new URL(scratch.url);
  if (options.viaPort) {
    appUrl.hostname = '127.0.0.1';
    appUrl.port = String(options.viaPort);
  }
  const handle = await openDatabase({
    kind: 'postgres',
    url: appUrl.toString(),
    poolSize: options.poolSize ?? 5,
    timeoutMs: options.timeoutMs,
  });
  return {
    handle,
    url: scratch.url,
    destroy: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
