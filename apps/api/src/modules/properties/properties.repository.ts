import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { withNames } from '../../db/property-query.js';
import {
  brokers,
  cities,
  type PropertyInsert,
  properties,
  property_photos,
  property_types,
  property_visits,
  users,
  visit_photos,
  withDerivedColumns,
} from '../../db/schema.js';
import { cardColumns } from './property-list.repository.js';

/*
 * One property: its detail and every write to it (add, edit, stage, delete, photos). The list
 * reads in property-list.repository.ts, the CSV in properties-export.repository.ts.
 */

export type NewProperty = PropertyInsert;

const createdBy = alias(users, 'created_by_user');
const updatedBy = alias(users, 'updated_by_user');

/** One of a detail's photos: `[id, storage_key, width, height]`. */
type DetailPhoto = [id: number, storageKey: string, width: number | null, height: number | null];

/**
 * The property's photos in gallery order (`listPhotos`' order), as one JSON array PostgreSQL
 * builds: the detail reads its row and its photos in one prepared statement, one round trip and
 * one pool connection, where a second query (planned afresh every time) halved its throughput.
 */
const detailPhotos = sql<
  DetailPhoto[]
>`(select coalesce(json_agg(json_build_array(${property_photos.id}, ${property_photos.storage_key}, ${property_photos.width}, ${property_photos.height}) order by ${property_photos.position}, ${property_photos.id}), '[]'::json) from ${property_photos} where ${property_photos.property_id} = ${properties.id})`;

function propertyQuery(db: Database) {
  return withNames(
    db
      .select({
        ...cardColumns,
        parking_sqmts: properties.parking_sqmts,
        additional_sqmts: properties.additional_sqmts,
        basement_sqmts: properties.basement_sqmts,
        google_maps_url: properties.google_maps_url,
        latitude: properties.latitude,
        longitude: properties.longitude,
        storage_units: properties.storage_units,
        floor: properties.floor,
        orientation: properties.orientation,
        year_built: properties.year_built,
        notes: properties.notes,
        discard_reason: properties.discard_reason,
        broker_id: properties.broker_id,
        broker_name: brokers.name,
        created_by_id: properties.created_by,
        created_by_name: createdBy.name,
        updated_by_id: properties.updated_by,
        updated_by_name: updatedBy.name,
        photos: detailPhotos,
      })
      .from(properties)
      .$dynamic(),
  )
    .leftJoin(brokers, eq(brokers.id, properties.broker_id))
    .leftJoin(createdBy, eq(createdBy.id, properties.created_by))
    .leftJoin(updatedBy, eq(updatedBy.id, properties.updated_by))
    .where(eq(properties.id, sql.placeholder('id')))
    .limit(1);
}

type PropertyRow = Awaited<ReturnType<typeof propertyQuery>>[number];

/**
 * Every field of one property, with the names it refers to and its photos (prepared: the detail
 * page is hot).
 */
export async function findProperty(db: Database, id: number) {
  const statement = prepared<PropertyRow>(db, 'properties|detail', () => propertyQuery(db));
  return (await statement.prepared.execute({ id }))[0] ?? null;
}

export const listPhotos = (db: Database, propertyId: number) =>
  db
    .select()
    .from(property_photos)
    .where(eq(property_photos.property_id, propertyId))
    .orderBy(asc(property_photos.position), asc(property_photos.id));

/** The storage keys of the photos taken at the property's visits. */
export const visitPhotoKeys = async (db: Database, propertyId: number) =>
  (
    await db
      .select({ key: visit_photos.storage_key })
      .from(visit_photos)
      .innerJoin(property_visits, eq(property_visits.id, visit_photos.visit_id))
      .where(eq(property_visits.property_id, propertyId))
  ).map((row) => row.key);

/** Which of the referenced rows exist, in one round trip. */
/**
 * Whether the ids exist. The broker is read FOR SHARE: a broker's delete (FOR UPDATE) or archive
 * waits for this transaction, or this one for it, so no property starts naming a broker that is
 * being deleted or archived. An archived broker is refused unless `propertyId` already names it.
 */
export async function existingReferences(
  db: Database,
  ids: { city_id: number; property_type_id: number; broker_id: number | null },
  propertyId?: number,
) {
  const [row] = await queryRows<{
    city: boolean;
    type: boolean;
    broker_active: boolean | null;
    broker_kept: boolean;
  }>(
    db,
    sql`
    select
      exists(select 1 from ${cities} where ${cities.id} = ${ids.city_id}) as city,
      exists(select 1 from ${property_types} where ${property_types.id} = ${ids.property_type_id}) as type,
      ${ids.broker_id === null ? sql`null` : sql`(select ${brokers.archived_at} is null from ${brokers} where ${brokers.id} = ${ids.broker_id} for share)`} as broker_active,
      ${ids.broker_id === null || propertyId === undefined ? sql`false` : sql`exists(select 1 from ${properties} where ${properties.id} = ${propertyId} and ${properties.broker_id} = ${ids.broker_id})`} as broker_kept
  `,
  );
  const active = row?.broker_active ?? null;
  return {
    city: Boolean(row?.city),
    type: Boolean(row?.type),
    broker: ids.broker_id === null || active !== null,
    brokerArchived: active === false && !row?.broker_kept,
  };
}

export async function insertProperty(db: Database, values: NewProperty) {
  const [row] = await db
    .insert(properties)
    .values(withDerivedColumns([values]))
    .returning({ id: properties.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Inserts photo rows; answers their ids in the order given. */
export async function insertPhotos(db: Database, rows: (typeof property_photos.$inferInsert)[]) {
  if (!rows.length) return [];
  const inserted = await db
    .insert(property_photos)
    .values(rows)
    .returning({ id: property_photos.id, position: property_photos.position });
  return inserted.sort((a, b) => a.position - b.position).map((row) => row.id);
}

/** The row, locked for the rest of the transaction, with who last changed it. */
export async function lockProperty(db: Database, id: number) {
  const [row] = await db
    .select({
      id: properties.id,
      name: properties.name,
      stage: properties.stage,
      discard_reason: properties.discard_reason,
      visited: properties.visited,
      updated_at: properties.updated_at,
      updated_by_name: updatedBy.name,
    })
    .from(properties)
    .leftJoin(updatedBy, eq(updatedBy.id, properties.updated_by))
    .where(eq(properties.id, id))
    .for('update', { of: properties });
  return row ?? null;
}

/** Whether one of the property's visits already took place. */
export async function hasPastVisit(db: Database, id: number) {
  const rows = await db
    .select({ id: property_visits.id })
    .from(property_visits)
    .where(and(eq(property_visits.property_id, id), lte(property_visits.visited_at, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

export async function updateProperty(db: Database, id: number, values: Partial<NewProperty>) {
  await db.update(properties).set(values).where(eq(properties.id, id));
}

/** Sets the stage; answers the stage and the `visited` the trigger derived from it. */
export async function setStage(
  db: Database,
  id: number,
  values: Pick<NewProperty, 'stage' | 'discard_reason' | 'updated_by' | 'updated_at'>,
) {
  const [row] = await db
    .update(properties)
    .set(values)
    .where(eq(properties.id, id))
    .returning({ stage: properties.stage, visited: properties.visited });
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteProperty(db: Database, id: number) {
  await db.delete(properties).where(eq(properties.id, id));
}

export async function deletePhotos(db: Database, ids: number[]) {
  if (ids.length) await db.delete(property_photos).where(inArray(property_photos.id, ids));
}

export async function setPhotoPosition(db: Database, id: number, position: number) {
  await db.update(property_photos).set({ position }).where(eq(property_photos.id, id));
}
