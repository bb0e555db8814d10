import type { Role } from '@bec/contracts';
import { asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users, waitlist } from '../../db/schema.js';

export type WaitlistRow = typeof waitlist.$inferSelect;

export const listWaitlist = (db: Database, limit: number, afterId: number | undefined) =>
  db
    .select()
    .from(waitlist)
    .where(afterId === undefined ? undefined : gt(waitlist.id, afterId))
    .orderBy(asc(waitlist.id))
    .limit(limit);

export const findEntry = async (db: Database, id: number) =>
  (await db.select().from(waitlist).where(eq(waitlist.id, id)).limit(1).for('update'))[0] ?? null;

export const deleteEntry = async (db: Database, id: number) =>
  (await db.delete(waitlist).where(eq(waitlist.id, id)).returning({ id: waitlist.id }))[0] ?? null;

export const memberWithEmail = async (db: Database, email: string) =>
  (
    await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email.toLowerCase()))
      .limit(1)
  )[0] ?? null;

export const subjectTaken = async (db: Database, subject: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.idp_subject, subject)).limit(1))
    .length > 0;

export const insertMember = async (
  db: Database,
  entry: Pick<WaitlistRow, 'email' | 'name' | 'idp_subject'>,
  role: Role,
) =>
  (
    await db
      .insert(users)
      .values({
        email: entry.email.toLowerCase(),
        name: entry.name,
        role,
        idp_subject: entry.idp_subject,
      })
      .returning()
  )[0];
