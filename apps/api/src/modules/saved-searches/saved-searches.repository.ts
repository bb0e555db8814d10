import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import {
  properties,
  saved_search_members,
  saved_searches,
  search_alerts,
  users,
} from '../../db/schema.js';

export type SavedSearchScope = (typeof saved_searches.$inferSelect)['scope'];
type SavedSearchEmail = (typeof saved_search_members.$inferSelect)['email'];

const searchColumns = {
  id: saved_searches.id,
  name: saved_searches.name,
  scope: saved_searches.scope,
  owner_id: saved_searches.owner_id,
  owner_name: users.name,
  filters: saved_searches.filters,
  created_at: saved_searches.created_at,
  updated_at: saved_searches.updated_at,
  subscribed: sql<boolean>`coalesce(${saved_search_members.subscribed}, false)`,
  email: sql<SavedSearchEmail>`coalesce(${saved_search_members.email}, 'off')`,
  opened_at: saved_search_members.opened_at,
};
export type SavedSearchRow = {
  id: number;
  name: string;
  scope: SavedSearchScope;
  owner_id: number;
  owner_name: string;
  filters: Record<string, string>;
  created_at: Date;
  updated_at: Date;
  subscribed: boolean;
  email: SavedSearchEmail;
  opened_at: Date | null;
};

/** What `userId` may see: their own searches and every shared one. */
const visibleTo = (userId: number) =>
  or(eq(saved_searches.owner_id, userId), eq(saved_searches.scope, 'shared'));

const searchesOf = (db: Database, userId: number) =>
  db
    .select(searchColumns)
    .from(saved_searches)
    .innerJoin(users, eq(users.id, saved_searches.owner_id))
    .leftJoin(
      saved_search_members,
      and(
        eq(saved_search_members.saved_search_id, saved_searches.id),
        eq(saved_search_members.user_id, userId),
      ),
    );

/** The user's own searches and every shared one: shared first, then by name. */
export const listVisible = (db: Database, userId: number): Promise<SavedSearchRow[]> =>
  searchesOf(db, userId)
    .where(visibleTo(userId))
    .orderBy(
      desc(sql`${saved_searches.scope} = 'shared'`),
      asc(saved_searches.name),
      asc(saved_searches.id),
    );

/** One search as `userId` sees it; undefined when it does not exist or is another's personal one. */
export async function findVisible(
  db: Database,
  userId: number,
  id: number,
): Promise<SavedSearchRow | undefined> {
  const [row] = await searchesOf(db, userId).where(
    and(eq(saved_searches.id, id), visibleTo(userId)),
  );
  return row;
}

/** Locks a search for a change (any scope: the caller decides what the user may do). */
export async function lockSearch(db: Database, id: number) {
  const [row] = await db
    .select({
      id: saved_searches.id,
      owner_id: saved_searches.owner_id,
      scope: saved_searches.scope,
    })
    .from(saved_searches)
    .where(eq(saved_searches.id, id))
    .for('update');
  return row;
}

/**
 * Counts a user's own searches, holding their user row so that two saves at once cannot both
 * pass the limit.
 */
export async function countOwnLocked(tx: Database, userId: number): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(saved_searches)
    .where(eq(saved_searches.owner_id, userId));
  return row?.count ?? 0;
}

export async function insertSearch(
  tx: Database,
  values: {
    owner_id: number;
    name: string;
    scope: SavedSearchScope;
    filters: Record<string, string>;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(saved_searches)
    .values({
      owner_id: values.owner_id,
      name: values.name,
      scope: values.scope,
      filters: values.filters,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning({ id: saved_searches.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateSearch(
  tx: Database,
  id: number,
  values: Partial<{ name: string; scope: SavedSearchScope; filters: Record<string, string> }>,
  at: Date,
) {
  await tx
    .update(saved_searches)
    .set({ ...values, updated_at: at })
    .where(eq(saved_searches.id, id));
}

export async function deleteSearch(tx: Database, id: number) {
  await tx.delete(saved_searches).where(eq(saved_searches.id, id));
}

/** Sets a user's subscription or last opening of a search, making them a member if need be. */
export async function upsertMember(
  db: Database,
  searchId: number,
  userId: number,
  values: { subscribed?: boolean; email?: SavedSearchEmail; opened_at?: Date },
) {
  await db
    .insert(saved_search_members)
    .values({
      saved_search_id: searchId,
      user_id: userId,
      subscribed: values.subscribed ?? false,
      email: values.email ?? 'off',
      opened_at: values.opened_at ?? null,
    })
    .onConflictDoUpdate({
      target: [saved_search_members.saved_search_id, saved_search_members.user_id],
      set: values,
    });
}

/**
 * Everyone but the owner leaves a search that became personal (they can no longer see it): their
 * memberships go, and their alerts of it, which would name it.
 */
export async function dropOtherMembers(tx: Database, searchId: number, ownerId: number) {
  await tx
    .delete(search_alerts)
    .where(
      and(eq(search_alerts.saved_search_id, searchId), sql`${search_alerts.user_id} <> ${ownerId}`),
    );
  await tx
    .delete(saved_search_members)
    .where(
      and(
        eq(saved_search_members.saved_search_id, searchId),
        sql`${saved_search_members.user_id} <> ${ownerId}`,
      ),
    );
}

/** How many properties match `conditions` and were added after `since`, up to `cap`. */
export async function countAddedSince(
  db: Database,
  conditions: SQL[],
  since: Date,
  cap: number,
): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (select 1 from ${properties} where ${and(
      sql`${properties.created_at} > ${since.toISOString()}::timestamptz`,
      ...conditions,
    )} limit ${cap}) as matches`,
  );
  return row?.count ?? 0;
}

// Alerts ---------------------------------------------------------------------------------------

const actor = alias(users, 'actor');

export type AlertRow = {
  id: number;
  saved_search_id: number;
  saved_search_name: string;
  property_id: number;
  property_name: string;
  reason: 'added' | 'now_matches';
  actor_name: string | null;
  created_at: Date;
  read_at: Date | null;
};

/** A user's alerts, newest first, from before the alert `beforeId` (keyset on the id). */
export const listAlerts = (
  db: Database,
  userId: number,
  limit: number,
  beforeId?: number,
): Promise<AlertRow[]> =>
  db
    .select({
      id: search_alerts.id,
      saved_search_id: search_alerts.saved_search_id,
      saved_search_name: saved_searches.name,
      property_id: search_alerts.property_id,
      property_name: properties.name,
      reason: search_alerts.reason,
      actor_name: actor.name,
      created_at: search_alerts.created_at,
      read_at: search_alerts.read_at,
    })
    .from(search_alerts)
    .innerJoin(saved_searches, eq(saved_searches.id, search_alerts.saved_search_id))
    .innerJoin(properties, eq(properties.id, search_alerts.property_id))
    .leftJoin(actor, eq(actor.id, search_alerts.actor_id))
    .where(
      and(
        eq(search_alerts.user_id, userId),
        beforeId === undefined ? undefined : sql`${search_alerts.id} < ${beforeId}`,
      ),
    )
    .orderBy(desc(search_alerts.id))
    .limit(limit);

export async function countUnread(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(search_alerts)
    .where(and(eq(search_alerts.user_id, userId), sql`${search_alerts.read_at} is null`));
  return row?.count ?? 0;
}

/** Marks one of the user's alerts read (kept as first read); false when it is not theirs. */
export async function markRead(db: Database, userId: number, id: number, at: Date) {
  const rows = await db
    .update(search_alerts)
    .set({ read_at: sql`coalesce(${search_alerts.read_at}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(search_alerts.id, id), eq(search_alerts.user_id, userId)))
    .returning({ id: search_alerts.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: number, at: Date): Promise<number> {
  const rows = await db
    .update(search_alerts)
    .set({ read_at: at })
    .where(and(eq(search_alerts.user_id, userId), sql`${search_alerts.read_at} is null`))
    .returning({ id: search_alerts.id });
  return rows.length;
}
