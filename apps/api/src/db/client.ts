import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../config.js';
import { lockDataDir } from './pglite-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share this surface: services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | null }
  | { kind: 'postgres'; url: string; poolSize?: number };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseOptions['kind'];
  /** Applies pending migrations; answers whether the database was empty before. */
  migrate: () => Promise<{ fresh: boolean }>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process of one deployment.
const MIGRATION_LOCK = 0x6265_6301;

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const hasMigrations = async (db: Database) => {
  const [row] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  return Boolean(row?.exists);
};

/** Closing twice (a signal during shutdown, a test tearing down) is harmless. */
const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= close();
    return closing;
  };
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'pglite') {
    let unlock = async () => {};
    if (options.dataDir) {
      // PGlite creates its own folder but not the parents.
      await mkdir(path.dirname(options.dataDir), { recursive: true });
      unlock = await lockDataDir(options.dataDir);
    }
    // The migrations create these extensions; PGlite has to be handed their builds up front.
    const client = new PGlite({
      dataDir: options.dataDir ?? undefined,
      extensions: { pg_trgm, unaccent },
    });
    try {
      await client.waitReady;
    } catch (err) {
      await unlock();
      throw err;
    }
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      migrate: async () => {
        const fresh = !(await hasMigrations(db));
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
        return { fresh };
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

  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several API processes may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const local = drizzleNodePg(client, { schema });
        const fresh = !(await hasMigrations(local as unknown as Database));
        await migrateNodePg(local, { migrationsFolder });
        return { fresh };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: once(() => pool.end()),
  };
}
