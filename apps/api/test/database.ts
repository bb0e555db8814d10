import { createScratchDatabase } from '@bec/testkit/postgres';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';

export type TestDatabaseOptions = {
  /** PostgreSQL only: the app connects through this local port (a fault proxy) instead. */
  viaPort?: number;
  timeoutMs?: number;
};

/**
 * A fresh, empty database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the server DATABASE_URL points at, dropped afterwards.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<{
  handle: DatabaseHandle;
  /** PostgreSQL only: the new database's address on the real server. */
  url: string | null;
  destroy: () => Promise<void>;
}> {
  if (process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
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
  const scratch = await createScratchDatabase(baseUrl, 'bec_test');
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
