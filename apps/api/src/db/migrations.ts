import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import { type Database, migrationsFolder, queryRows } from './client.js';

/** One migration this code knows: its tag (`0005_spanish_search`) and Drizzle's timestamp. */
export type KnownMigration = { tag: string; when: number; statements: string[]; hash: string };

const JournalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number().int() })),
});

/** This code's migrations, oldest first, as Drizzle's migrator reads them. */
export function knownMigrations(): KnownMigration[] {
  const journal = JournalSchema.parse(
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')),
  );
  const files = readMigrationFiles({ migrationsFolder: migrationsFolder });
  return journal.entries.map((entry, index) => {
    const file = files[index];
    if (!file || file.folderMillis !== entry.when)
      throw new Error(`Unreadable migration ${entry.tag}`);
    return { tag: entry.tag, when: entry.when, statements: file.sql, hash: file.hash };
  });
}

/**
 * The timestamps of the migrations applied to a database, oldest first (Drizzle records each one's
 * `when` in drizzle.__drizzle_migrations); empty for a database BEC never ran on.
 */
export async function appliedMigrations(db: Database): Promise<number[]> {
  const [exists] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!exists?.exists) return [];
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => Number(row.created_at));
}

/**
 * Applies migrations inside the caller's transaction, recording each as Drizzle's migrator does
 * (same table, hash and timestamp), so the server's own migrator later sees them as applied. A
 * restore uses it to migrate, load and finish in one transaction, up to a given migration first.
 */
export async function applyMigrations(tx: Database, migrations: KnownMigration[]): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
  }
}
