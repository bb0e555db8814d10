import type { Locale, Role } from '@bec/contracts';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { users, waitlist } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

const byEmail = (email: string) => eq(users.email, email.toLowerCase());

/** Runs on every authenticated request, hence prepared. */
export const findUserBySubject = async (db: Database, subject: string) => {
  const statement = prepared<UserRow>(db, 'users|by-subject', () =>
    db
      .select()
      .from(users)
      .where(eq(users.idp_subject, sql.placeholder('subject')))
      .limit(1),
  );
  return (await statement.prepared.execute({ subject }))[0] ?? null;
};

export const findUserByEmail = async (db: Database, email: string) =>
  (await db.select().from(users).where(byEmail(email)).limit(1))[0] ?? null;

export const findUserById = async (db: Database, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;

export const linkSubject = async (db: Database, id: number, subject: string) => {
  await db
    .update(users)
    .set({ idp_subject: subject, updated_at: new Date() })
    .where(eq(users.id, id));
};

export const insertUser = async (
  db: Database,
  values: { email: string; name: string; role: Role; idp_subject?: string | null },
) => {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
};

export const listUsers = (db: Database, limit: number, afterId: number | undefined) =>
  db
    .select()
    .from(users)
    .where(afterId === undefined ? undefined : gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(limit);

/** Locks every admin row, so two concurrent demotions cannot both see another admin left. */
export const lockAdmins = async (db: Database) =>
  db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');

/** The language the member's mail is written in. */
export const setLocale = async (db: Database, id: number, locale: Locale) => {
  await db.update(users).set({ locale }).where(eq(users.id, id));
};

export const setRole = async (db: Database, id: number, role: Role) =>
  (
    await db.update(users).set({ role, updated_at: new Date() }).where(eq(users.id, id)).returning()
  )[0] ?? null;

export const deleteUser = async (db: Database, id: number) =>
  (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id }))[0] ?? null;

/** Records (or refreshes) an access request; the first request time is kept. */
export const upsertWaitlist = async (
  db: Database,
  entry: { email: string; name: string; subject: string },
) => {
  await db
    .insert(waitlist)
    .values({ email: entry.email.toLowerCase(), name: entry.name, idp_subject: entry.subject })
    .onConflictDoUpdate({
      target: waitlist.email,
      set: { name: entry.name, idp_subject: entry.subject },
    });
};

export const removeFromWaitlistByEmail = async (db: Database, email: string) => {
  await db.delete(waitlist).where(eq(waitlist.email, email.toLowerCase()));
};
