import { type ListPropertiesQuery, PROPERTY_COUNT_CAP, type PropertySort } from '@bec/contracts';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import {
  brokers,
  cities,
  PPSQM_NULL_LAST_ASC,
  PPSQM_NULL_LAST_DESC,
  type PropertyInsert,
  properties,
  properties_total,
  property_photos,
  property_types,
  regions,
  users,
  withDerivedColumns,
} from '../../db/schema.js';
import type { PropertyCursor } from './property-cursor.js';

export type PropertyFilters = Omit<ListPropertiesQuery, 'sort' | 'limit' | 'cursor'>;
export type NewProperty = PropertyInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterConditions(f: PropertyFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (f.q) {
    // search_text is lower(unaccent(name, address, comuna)); the pattern gets the same treatment,
    // so "nunoa" finds Ñuñoa, and the trigram index serves any substring of 3+ characters.
    conditions.push(
      sql`${properties.search_text} like '%' || lower(unaccent(${escapeLike(f.q)})) || '%'`,
    );
  }
  if (f.region_id !== undefined) conditions.push(eq(properties.region_id, f.region_id));
  if (f.city_id !== undefined) conditions.push(eq(properties.city_id, f.city_id));
  if (f.property_type_id !== undefined)
    conditions.push(eq(properties.property_type_id, f.property_type_id));
  if (f.broker_id !== undefined) conditions.push(eq(properties.broker_id, f.broker_id));
  if (f.visited !== undefined) conditions.push(eq(properties.visited, f.visited));
  if (f.price_min !== undefined) conditions.push(gte(properties.price, f.price_min));
  if (f.price_max !== undefined) conditions.push(lte(properties.price, f.price_max));
  if (f.land_min !== undefined) conditions.push(gte(properties.land_sqmts, f.land_min));
  if (f.land_max !== undefined) conditions.push(lte(properties.land_sqmts, f.land_max));
  if (f.building_min !== undefined) conditions.push(gte(properties.building_sqmts, f.building_min));
  if (f.building_max !== undefined) conditions.push(lte(properties.building_sqmts, f.building_max));
  return conditions.filter((c): c is SQL => c !== undefined);
}

type SortSpec = {
  /** A column, or the exact expression of an index (the planner matches it textually). */
  key: PgColumn | SQL;
  direction: 'asc' | 'desc';
  cast: 'timestamptz' | 'bigint' | 'numeric';
};

/** Price per m² with unknown values last in either direction; schema.ts indexes both. */
const ppsqmKey = (nullsAs: string) =>
  sql`coalesce(${properties.price_per_sqm}, ${sql.raw(nullsAs)})`;

export const SORTS: Record<PropertySort, SortSpec> = {
  newest: { key: properties.created_at, direction: 'desc', cast: 'timestamptz' },
  oldest: { key: properties.created_at, direction: 'asc', cast: 'timestamptz' },
  price_asc: { key: properties.price, direction: 'asc', cast: 'bigint' },
  price_desc: { key: properties.price, direction: 'desc', cast: 'bigint' },
  area_asc: { key: properties.building_sqmts, direction: 'asc', cast: 'numeric' },
  area_desc: { key: properties.building_sqmts, direction: 'desc', cast: 'numeric' },
  price_per_sqm_asc: { key: ppsqmKey(PPSQM_NULL_LAST_ASC), direction: 'asc', cast: 'bigint' },
  price_per_sqm_desc: { key: ppsqmKey(PPSQM_NULL_LAST_DESC), direction: 'desc', cast: 'bigint' },
};

export type CardRow = Awaited<ReturnType<typeof listProperties>>[number];

/** The cursor value of a row under a sort: the sort key, as text where JSON numbers fall short. */
export function sortValue(sort: PropertySort, row: CardRow): number | string {
  switch (sort) {
    case 'newest':
    case 'oldest':
      return row.created_at.toISOString();
    case 'price_asc':
    case 'price_desc':
      return row.price;
    case 'area_asc':
    case 'area_desc':
      return row.building_sqmts;
    case 'price_per_sqm_asc':
      return row.price_per_sqm === null ? PPSQM_NULL_LAST_ASC : String(row.price_per_sqm);
    case 'price_per_sqm_desc':
      return row.price_per_sqm === null ? PPSQM_NULL_LAST_DESC : String(row.price_per_sqm);
  }
}

/** Row-value comparison, so (key, id) pairs walk the matching composite index. */
function afterCursor(spec: SortSpec, cursor: PropertyCursor): SQL {
  const op = spec.direction === 'desc' ? sql`<` : sql`>`;
  return sql`(${spec.key}, ${properties.id}) ${op} (${cursor.value}::${sql.raw(spec.cast)}, ${cursor.id}::integer)`;
}

const cardColumns = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  price: properties.price,
  building_sqmts: properties.building_sqmts,
  land_sqmts: properties.land_sqmts,
  price_per_sqm: properties.price_per_sqm,
  area_basis: property_types.area_basis,
  visited: properties.visited,
  city_id: properties.city_id,
  city_name: cities.name,
  region_id: regions.id,
  region_name: regions.name,
  property_type_id: properties.property_type_id,
  property_type_name: property_types.name,
  created_at: properties.created_at,
  cover_key: sql<
    string | null
  >`(select ${property_photos.storage_key} from ${property_photos} where ${property_photos.property_id} = ${properties.id} order by ${property_photos.position} limit 1)`,
};

/** A query builder, not a promise: await it to run it, or `.toSQL()` it (the benchmark does). */
export function listProperties(
  db: Database,
  filters: PropertyFilters,
  sort: PropertySort,
  limit: number,
  cursor: PropertyCursor | null,
) {
  const spec = SORTS[sort];
  const conditions = filterConditions(filters);
  if (cursor) conditions.push(afterCursor(spec, cursor));
  const order = spec.direction === 'desc' ? desc : asc;
  return db
    .select(cardColumns)
    .from(properties)
    .innerJoin(cities, eq(cities.id, properties.city_id))
    .innerJoin(regions, eq(regions.id, properties.region_id))
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .where(and(...conditions))
    .orderBy(order(spec.key), order(properties.id))
    .limit(limit);
}

/**
 * How many properties match, as a query builder answering one row `{ n, exact }`. Unfiltered:
 * the trigger-kept total, exact and free. Filtered: matches counted up to PROPERTY_COUNT_CAP + 1
 * and no further, so a broad filter never scans everything; `exact` is false past the cap.
 */
export function countProperties(db: Database, filters: PropertyFilters) {
  const conditions = filterConditions(filters);
  if (!conditions.length) {
    return db.select({ n: properties_total.n, exact: sql<boolean>`true` }).from(properties_total);
  }
  const matches = db
    .select({ one: sql`1` })
    .from(properties)
    .where(and(...conditions))
    .limit(PROPERTY_COUNT_CAP + 1)
    .as('matches');
  return db
    .select({
      n: sql<number>`least(count(*), ${sql.raw(String(PROPERTY_COUNT_CAP))})::int`,
      exact: sql<boolean>`count(*) <= ${sql.raw(String(PROPERTY_COUNT_CAP))}`,
    })
    .from(matches);
}

const createdBy = alias(users, 'created_by_user');
const updatedBy = alias(users, 'updated_by_user');

export async function findProperty(db: Database, id: number) {
  const [row] = await db
    .select({
      ...cardColumns,
      parking_sqmts: properties.parking_sqmts,
      additional_sqmts: properties.additional_sqmts,
      basement_sqmts: properties.basement_sqmts,
      google_maps_url: properties.google_maps_url,
      latitude: properties.latitude,
      longitude: properties.longitude,
      rooms: properties.rooms,
      notes: properties.notes,
      broker_id: properties.broker_id,
      broker_name: brokers.name,
      created_by_id: properties.created_by,
      created_by_name: createdBy.name,
      updated_by_id: properties.updated_by,
      updated_by_name: updatedBy.name,
      updated_at: properties.updated_at,
    })
    .from(properties)
    .innerJoin(cities, eq(cities.id, properties.city_id))
    .innerJoin(regions, eq(regions.id, properties.region_id))
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .leftJoin(brokers, eq(brokers.id, properties.broker_id))
    .leftJoin(createdBy, eq(createdBy.id, properties.created_by))
    .leftJoin(updatedBy, eq(updatedBy.id, properties.updated_by))
    .where(eq(properties.id, id))
    .limit(1);
  return row ?? null;
}

export const listPhotos = (db: Database, propertyId: number) =>
  db
    .select()
    .from(property_photos)
    .where(eq(property_photos.property_id, propertyId))
    .orderBy(asc(property_photos.position), asc(property_photos.id));

/** Which of the referenced rows exist, in one round trip. */
export async function existingReferences(
  db: Database,
  ids: { city_id: number; property_type_id: number; broker_id: number | null },
) {
  const [row] = await queryRows<{ city: boolean; type: boolean; broker: boolean }>(
    db,
    sql`
    select
      exists(select 1 from ${cities} where ${cities.id} = ${ids.city_id}) as city,
      exists(select 1 from ${property_types} where ${property_types.id} = ${ids.property_type_id}) as type,
      ${ids.broker_id === null ? sql`true` : sql`exists(select 1 from ${brokers} where ${brokers.id} = ${ids.broker_id})`} as broker
  `,
  );
  return { city: Boolean(row?.city), type: Boolean(row?.type), broker: Boolean(row?.broker) };
}

export async function insertProperty(db: Database, values: NewProperty) {
  const [row] = await db
    .insert(properties)
    .values(withDerivedColumns([values]))
    .returning({ id: properties.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertPhotos(db: Database, rows: (typeof property_photos.$inferInsert)[]) {
  if (rows.length) await db.insert(property_photos).values(rows);
}

/** The row, locked for the rest of the transaction, with who last changed it. */
export async function lockProperty(db: Database, id: number) {
  const [row] = await db
    .select({
      id: properties.id,
      updated_at: properties.updated_at,
      updated_by_name: updatedBy.name,
    })
    .from(properties)
    .leftJoin(updatedBy, eq(updatedBy.id, properties.updated_by))
    .where(eq(properties.id, id))
    .for('update', { of: properties });
  return row ?? null;
}

export async function updateProperty(db: Database, id: number, values: Partial<NewProperty>) {
  await db.update(properties).set(values).where(eq(properties.id, id));
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

/** Every exported column, newest first, one keyset batch after `after` (id and created_at). */
export async function exportBatch(
  db: Database,
  filters: PropertyFilters,
  after: { created_at: Date; id: number } | null,
  limit: number,
) {
  const conditions = filterConditions(filters);
  if (after) {
    conditions.push(
      sql`(${properties.created_at}, ${properties.id}) < (${after.created_at.toISOString()}::timestamptz, ${after.id}::integer)`,
    );
  }
  return db
    .select({
      id: properties.id,
      name: properties.name,
      address: properties.address,
      city_name: cities.name,
      region_name: regions.name,
      property_type_name: property_types.name,
      price: properties.price,
      price_per_sqm: properties.price_per_sqm,
      building_sqmts: properties.building_sqmts,
      land_sqmts: properties.land_sqmts,
      parking_sqmts: properties.parking_sqmts,
      additional_sqmts: properties.additional_sqmts,
      basement_sqmts: properties.basement_sqmts,
      rooms: properties.rooms,
      visited: properties.visited,
      broker_name: brokers.name,
      latitude: properties.latitude,
      longitude: properties.longitude,
      google_maps_url: properties.google_maps_url,
      notes: properties.notes,
      created_at: properties.created_at,
      updated_at: properties.updated_at,
    })
    .from(properties)
    .innerJoin(cities, eq(cities.id, properties.city_id))
    .innerJoin(regions, eq(regions.id, properties.region_id))
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .leftJoin(brokers, eq(brokers.id, properties.broker_id))
    .where(and(...conditions))
    .orderBy(desc(properties.created_at), desc(properties.id))
    .limit(limit);
}
