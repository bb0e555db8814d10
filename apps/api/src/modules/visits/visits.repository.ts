import type { PropertyStage } from '@bec/contracts';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import {
  cities,
  properties,
  property_match_outbox,
  property_visits,
  users,
  visit_photos,
} from '../../db/schema.js';

const visitor = alias(users, 'visitor');
const author = alias(users, 'author');

const visitColumns = {
  id: property_visits.id,
  property_id: property_visits.property_id,
  visited_at: property_visits.visited_at,
  visitor_id: property_visits.visitor_id,
  visitor_name: visitor.name,
  notes: property_visits.notes,
  rating: property_visits.rating,
  created_by_name: author.name,
  updated_at: property_visits.updated_at,
};

/** A property's visits, newest first, with who went and who logged them. */
export const listVisits = (db: Database, propertyId: number, limit: number) =>
  db
    .select(visitColumns)
    .from(property_visits)
    .leftJoin(visitor, eq(visitor.id, property_visits.visitor_id))
    .leftJoin(author, eq(author.id, property_visits.created_by))
    .where(eq(property_visits.property_id, propertyId))
    .orderBy(desc(property_visits.visited_at), desc(property_visits.id))
    .limit(limit);

export type VisitRow = Awaited<ReturnType<typeof listVisits>>[number];

/** One visit as listed. */
export async function findVisit(db: Database, id: number) {
  const [row] = await db
    .select(visitColumns)
    .from(property_visits)
    .leftJoin(visitor, eq(visitor.id, property_visits.visitor_id))
    .leftJoin(author, eq(author.id, property_visits.created_by))
    .where(eq(property_visits.id, id));
  return row ?? null;
}

/** The photos of these visits, in their order. */
export const listVisitPhotos = (db: Database, visitIds: number[]) =>
  visitIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: visit_photos.id,
          visit_id: visit_photos.visit_id,
          storage_key: visit_photos.storage_key,
          width: visit_photos.width,
          height: visit_photos.height,
        })
        .from(visit_photos)
        .where(inArray(visit_photos.visit_id, visitIds))
        .orderBy(asc(visit_photos.visit_id), asc(visit_photos.position), asc(visit_photos.id));

/** A member's visits from `from` on, soonest first, with the property's name and address. */
export const upcomingVisits = (db: Database, visitorId: number, from: Date, limit: number) =>
  db
    .select({
      ...visitColumns,
      property_name: properties.name,
      address: properties.address,
      city_name: cities.name,
    })
    .from(property_visits)
    .innerJoin(properties, eq(properties.id, property_visits.property_id))
    .innerJoin(cities, eq(cities.id, properties.city_id))
    .leftJoin(visitor, eq(visitor.id, property_visits.visitor_id))
    .leftJoin(author, eq(author.id, property_visits.created_by))
    // (visitor_id, visited_at): property_visits_visitor_idx serves the range and the order.
    .where(and(eq(property_visits.visitor_id, visitorId), gte(property_visits.visited_at, from)))
    .orderBy(asc(property_visits.visited_at), asc(property_visits.id))
    .limit(limit);

/** Every member, by name: who a visit may name. */
export const listMembers = (db: Database) =>
  db.select({ id: users.id, name: users.name }).from(users).orderBy(asc(users.name), asc(users.id));

export async function findMember(db: Database, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function propertyExists(db: Database, id: number) {
  const rows = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, id));
  return rows.length > 0;
}

/** The property's stage, locked for the rest of the transaction. */
export async function lockProperty(db: Database, id: number) {
  const [row] = await db
    .select({ id: properties.id, stage: properties.stage })
    .from(properties)
    .where(eq(properties.id, id))
    .for('update');
  return row ?? null;
}

/** The visit, locked for the rest of the transaction. */
export async function lockVisit(db: Database, id: number) {
  const [row] = await db
    .select({ id: property_visits.id, property_id: property_visits.property_id })
    .from(property_visits)
    .where(eq(property_visits.id, id))
    .for('update');
  return row ?? null;
}

/** Moves a property's stage as a member's change (the stage is part of the property). */
export async function setStage(
  db: Database,
  propertyId: number,
  stage: PropertyStage,
  actorId: number,
  at: Date,
) {
  await db
    .update(properties)
    .set({ stage, updated_by: actorId, updated_at: at })
    .where(eq(properties.id, propertyId));
}

export async function insertVisit(db: Database, values: typeof property_visits.$inferInsert) {
  const [row] = await db
    .insert(property_visits)
    .values(values)
    .returning({ id: property_visits.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateVisit(
  db: Database,
  id: number,
  values: Partial<typeof property_visits.$inferInsert>,
) {
  await db.update(property_visits).set(values).where(eq(property_visits.id, id));
}

export async function deleteVisit(db: Database, id: number) {
  await db.delete(property_visits).where(eq(property_visits.id, id));
}

export async function insertVisitPhotos(
  db: Database,
  rows: (typeof visit_photos.$inferInsert)[],
): Promise<{ id: number; storage_key: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(visit_photos)
    .values(rows)
    .returning({ id: visit_photos.id, storage_key: visit_photos.storage_key });
}

export async function deleteVisitPhotos(db: Database, ids: number[]) {
  if (ids.length) await db.delete(visit_photos).where(inArray(visit_photos.id, ids));
}

export async function setVisitPhotoPosition(db: Database, id: number, position: number) {
  await db.update(visit_photos).set({ position }).where(eq(visit_photos.id, id));
}

/**
 * Properties still new or to visit with a visit whose time has come: moved to visited in one
 * statement, answering each with the stage it left. Rows another process is moving are skipped
 * (SKIP LOCKED), and a row it moved meanwhile fails the re-checked stage condition, so each move
 * happens exactly once however many processes sweep at the same time.
 */
export async function moveVisitedProperties(db: Database, now: Date, limit: number) {
  return queryRows<{ id: number; from_stage: PropertyStage }>(
    db,
    sql`
    with due as (
      select p.id, p.stage
      from ${properties} p
      where p.stage in ('new', 'to_visit')
        and exists (
          select 1 from ${property_visits} v
          where v.property_id = p.id and v.visited_at <= ${now.toISOString()}::timestamptz
        )
      order by p.id
      limit ${limit}
      for update of p skip locked
    )
    update ${properties} p
    set stage = 'visited', updated_at = ${now.toISOString()}::timestamptz, updated_by = null
    from due
    where p.id = due.id
    returning p.id, due.stage as from_stage`,
  );
}

/**
 * The saved searches' outbox rows of a sweep's moves (ADR 053), by the system: each row as it was
 * is the row now with its old stage, not visited (a sweep moves new and to-visit properties only).
 */
export async function recordSweptChanges(
  db: Database,
  moved: { id: number; from_stage: PropertyStage }[],
) {
  if (!moved.length) return;
  await db.execute(
    sql`insert into ${property_match_outbox} (property_id, actor_id, before)
        select p.id, null, to_jsonb(p) || jsonb_build_object('stage', m.from_stage, 'visited', false)
        from ${properties} p
        join unnest(${`{${moved.map((m) => m.id).join(',')}}`}::int[], ${`{${moved.map((m) => m.from_stage).join(',')}}`}::text[]) as m(id, from_stage)
          on m.id = p.id
        order by p.id`,
  );
}
