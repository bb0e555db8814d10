import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apart } from '../../db/request-transaction.js';
import { uploads } from '../../db/schema.js';

/**
 * Committed at once, even in a keyed write's transaction (ADR 062): an upload's row comes before
 * its file, so a file is never stored that the upload collection does not know of (ADR 006).
 */
export const insertUploads = async (db: Database, rows: (typeof uploads.$inferInsert)[]) => {
  if (rows.length) await apart(() => db.insert(uploads).values(rows).execute());
};

/** The uploads among `keys` issued to `userId` and not attached yet. */
const unattachedBy = (userId: number, keys: string[]) =>
  and(inArray(uploads.key, keys), eq(uploads.issued_to, userId), isNull(uploads.attached_at));

/** Uploads the caller may attach: issued to them and not attached yet, locked until commit. */
export const attachableUploads = (db: Database, userId: number, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db.select({ key: uploads.key }).from(uploads).where(unattachedBy(userId, keys)).for('update');

/**
 * The caller's uploads not attached yet, read without locking: checked before a save's
 * transaction (which then locks them), and for duplicate warnings.
 */
export const unattachedUploads = (db: Database, userId: number, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db
        .select({ key: uploads.key, bytes: uploads.bytes, exact_size: uploads.exact_size })
        .from(uploads)
        .where(unattachedBy(userId, keys));

export async function markAttached(db: Database, keys: string[]) {
  if (keys.length)
    await db.update(uploads).set({ attached_at: new Date() }).where(inArray(uploads.key, keys));
}

/**
 * Deletes up to `limit` unattached uploads older than the cutoff and answers their rows; rows
 * another process is taking are skipped. One statement: nothing is held once it answers.
 */
export const takeStaleUploads = (db: Database, cutoff: Date, limit: number) =>
  db
    .delete(uploads)
    .where(
      inArray(
        uploads.key,
        db
          .select({ key: uploads.key })
          .from(uploads)
          .where(and(isNull(uploads.attached_at), lt(uploads.issued_at, cutoff)))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();

/** Puts taken uploads back as they were (their files could not be removed). */
export async function restoreUploads(db: Database, rows: (typeof uploads.$inferSelect)[]) {
  if (rows.length) await db.insert(uploads).values(rows).onConflictDoNothing();
}
