import { mkdir } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUT, DEFAULT_POOL_SIZE } from '../config.js';
import { initPgliteDataDir } from './pglite-initdb.js';
import { lockDataDir } from './pglite-lock.js';
import { safePoolTransactions } from './pool-transactions.js';
import * as schema from './schema.js';

type Schema = typeof schema;
/** Both drivers share this surface: services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A data directory PGlite dumped (`dumpDataDir`) to start from: the tests' migrated one. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number; timeoutMs?: number };

/**
 * The connections as they are right now, read when metrics are scraped. PostgreSQL: node-postgres'
 * pool. PGlite: its one connection, busy while a query or transaction holds it (PGlite runs them
 * one at a time), and the callers queued behind it.
 */
type PoolStats = {
  /** Connections running a query or transaction. */
  inUse: number;
  /** Open connections waiting for work. */
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
};

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseOptions['kind'];
  /**
   * Applies pending migrations; answers whether the database was empty before and how many
   * migrations this call applied (0 when another process had applied them). `onWait` is called
   * when another process holds the migration lock, before waiting for it.
   */
  migrate: (options?: { onWait?: () => void }) => Promise<{ fresh: boolean; applied: number }>;
  ping: () => Promise<void>;
  poolStats: () => PoolStats;
  close: () => Promise<void>;
};

/** drizzle-kit's output: one `.sql` file per migration and `meta/_journal.json` naming them. */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);
/**
 * The advisory lock migrations run under (PostgreSQL). Any constant works; it only has to be the
 * same in every process of one deployment. Advisory locks are per database.
 */
export const MIGRATION_LOCK = 0x6265_6301;

/**
 * PostgreSQL's settings inside PGlite, after PGlite's own (ADR 050). PGlite's WebAssembly heap
 * never shrinks, so whatever PostgreSQL touches stays resident for the life of the process.
 * shared_buffers is touched in full at start (the default was most of the server's idle memory,
 * ADR 050); the data files are read through Node's fs, so the operating system's page cache, which
 * is not the server's memory, holds them anyway. PGlite runs one backend: 10 connection slots (not
 * 100) size its lock and process tables, still ~2,000 locks for one transaction. maintenance_work_mem
 * bounds what an index build or a vacuum in a future migration may add to the heap for good.
 */
const PGLITE_SETTINGS = [
  '-c',
  'shared_buffers=4MB',
  '-c',
  'max_connections=10',
  '-c',
  'maintenance_work_mem=16MB',
];

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Migrations recorded as applied; null when the database has none (it is empty). */
const appliedMigrations = async (db: Database) => {
  const [row] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!row?.exists) return null;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return count?.n ?? 0;
};

/** Closing twice (a signal during shutdown, a test tearing down) is harmless. */
const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= close();
    return closing;
  };
};

/**
 * node-postgres reports a lost connection as an 'error' event on the client, and the pool only
 * listens while the client is idle: during a query or transaction nobody does, and the unhandled
 * event would end the process. The pending query fails with the error anyway (the request then
 * answers 503), and the pool discards the client on release since it is no longer queryable.
 *
 * A stall (the network or server accepts but answers nothing) raises no error at all, so a query
 * that hears nothing for `timeoutMs` has its socket destroyed: it fails like a lost connection,
 * and the client is discarded instead of going back to the pool still waiting.
 */
function guardConnection(client: pg.PoolClient, timeoutMs: number) {
  client.on('error', () => {});
  const internals = client as unknown as {
    connection: { stream: Socket };
    _getActiveQuery: () => unknown;
    _queryQueue: unknown[];
  };
  const socket = internals.connection.stream;
  socket.setTimeout(timeoutMs);
  socket.on('timeout', () => {
    // Idle in the pool, silence is normal.
    if (internals._getActiveQuery() || internals._queryQueue.length > 0) socket.destroy();
  });
}

/**
 * PGlite runs one top-level query or transaction at a time: query, exec and transaction all wait
 * for its transaction mutex (`_runExclusiveTransaction`; queries inside a transaction take the
 * inner one). Wrapping that one entry point counts who holds the connection and who waits for it,
 * the same figures node-postgres' pool keeps.
 */
function countPgliteUse(client: PGlite): () => PoolStats {
  let inUse = 0;
  let waiting = 0;
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    waiting++;
    let started = false;
    try {
      return await runExclusive(async () => {
        started = true;
        waiting--;
        inUse++;
        try {
          return await fn();
        } finally {
          inUse--;
        }
      });
    } finally {
      if (!started) waiting--;
    }
  };
  return () => ({ inUse, idle: client.closed ? 0 : 1 - inUse, waiting, max: 1 });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pglite') {
    let unlock = async () => {};
    if (options.dataDir) {
      // PGlite creates its own folder but not the parents.
      await mkdir(path.dirname(options.dataDir), { recursive: true });
      unlock = await lockDataDir(options.dataDir);
      if (!options.loadDataDir) {
        try {
          await initPgliteDataDir(options.dataDir, PGLITE_SETTINGS);
        } catch (err) {
          await unlock();
          throw err;
        }
      }
    }
    // Loaded only for the embedded database: a server on PostgreSQL never pays for the WASM build.
    const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('@electric-sql/pglite/contrib/unaccent'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
    // The migrations create these extensions; PGlite has to be handed their builds up front.
    const client = new PGlite({
      dataDir: options.dataDir ?? undefined,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm, unaccent },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    try {
      await client.waitReady;
    } catch (err) {
      await unlock();
      throw err;
    }
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    const poolStats = countPgliteUse(client);
    return {
      db,
      kind: 'pglite',
      poolStats,
      migrate: async () => {
        const before = await appliedMigrations(db);
        await migrate(drizzlePglite(client, { schema }), { migrationsFolder });
        return {
          fresh: before === null,
          applied: ((await appliedMigrations(db)) ?? 0) - (before ?? 0),
        };
      },
      ping: async () => {
        await client.query('select 1');
      },
      close: once(async () => {
        await client.close();
        await unlock();
      }),
    };
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT * 1000;
  // A connection attempt waits at most 5 s (less with a shorter DATABASE_TIMEOUT).
  const connectionTimeoutMillis = Math.min(5_000, timeoutMs);
  const max = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: options.url, max, connectionTimeoutMillis });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  pool.on('connect', (client) => guardConnection(client, timeoutMs));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  safePoolTransactions(db, pool);
  return {
    db,
    kind: 'postgres',
    migrate: async ({ onWait } = {}) => {
      // Several API processes may start at once: one migrates, the others wait for it and then
      // find nothing left to apply. The wait and the migrations may be long, so this connection
      // is apart from the guarded pool.
      const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis });
      client.on('error', () => {}); // a lost connection fails the pending query instead
      await client.connect();
      try {
        const tried = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [MIGRATION_LOCK],
        );
        if (!tried.rows[0]?.locked) {
          onWait?.();
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        }
        const local = drizzleNodePg(client, { schema });
        const before = await appliedMigrations(local as unknown as Database);
        await migrateNodePg(local, { migrationsFolder });
        const after = (await appliedMigrations(local as unknown as Database)) ?? 0;
        return { fresh: before === null, applied: after - (before ?? 0) };
      } finally {
        // Closing the session releases the lock too.
        await client.end().catch(() => {});
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    close: once(() => pool.end()),
  };
}
