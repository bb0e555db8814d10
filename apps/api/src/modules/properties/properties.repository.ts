import { PROPERTY_COUNT_CAP, PROPERTY_STAGES, type PropertySort } from '@bec/contracts';
import { and, asc, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import { type Bound, prepared } from '../../db/prepared.js';
import {
  activeFilters,
  FILTERS,
  type FilterKey,
  filterConditions,
  type PesoFilters,
  PRICE_HIGH,
  PRICE_LOW,
  priceSideOf,
  searchRank,
  ufColumns,
  withNames,
} from '../../db/property-query.js';
import {
  brokers,
  cities,
  PPSQM_NULL_LAST_ASC,
  PPSQM_NULL_LAST_DESC,
  PRICE_NULL_LAST_ASC,
  PRICE_NULL_LAST_DESC,
  type PropertyInsert,
  properties,
  properties_total,
  property_photos,
  property_types,
  property_visits,
  regions,
  uf_pricing,
  users,
  visit_photos,
  withDerivedColumns,
} from '../../db/schema.js';
import { isoText } from '../../db/timestamps.js';

export type { PesoFilters, PropertyFilters } from '../../db/property-query.js';
export type NewProperty = PropertyInsert;

import type { PropertyCursor } from './property-cursor.js';

type SortSpec = {
  /** A column, or the exact expression of an index (the planner matches it textually). */
  key: PgColumn | SQL;
  direction: 'asc' | 'desc';
  cast: 'timestamptz' | 'bigint' | 'numeric' | 'smallint' | 'real';
};

/** Price per m² with unknown values last in either direction; schema.ts indexes both. */
const ppsqmKey = (nullsAs: string) =>
  sql`coalesce(${properties.price_per_sqm}, ${sql.raw(nullsAs)})`;

export const SORTS: Record<PropertySort, SortSpec> = {
  newest: { key: properties.created_at, direction: 'desc', cast: 'timestamptz' },
  oldest: { key: properties.created_at, direction: 'asc', cast: 'timestamptz' },
  price_asc: { key: PRICE_HIGH, direction: 'asc', cast: 'bigint' },
  price_desc: { key: PRICE_LOW, direction: 'desc', cast: 'bigint' },
  area_asc: { key: properties.building_sqmts, direction: 'asc', cast: 'numeric' },
  area_desc: { key: properties.building_sqmts, direction: 'desc', cast: 'numeric' },
  price_per_sqm_asc: { key: ppsqmKey(PPSQM_NULL_LAST_ASC), direction: 'asc', cast: 'bigint' },
  price_per_sqm_desc: { key: ppsqmKey(PPSQM_NULL_LAST_DESC), direction: 'desc', cast: 'bigint' },
  // (stage_rank, id): the pipeline's order, walked either way by properties_stage_rank_idx.
  stage_asc: { key: properties.stage_rank, direction: 'asc', cast: 'smallint' },
  stage_desc: { key: properties.stage_rank, direction: 'desc', cast: 'smallint' },
  // ts_rank of the matches, best first; computed per match, so its cost follows the matches.
  relevance: { key: searchRank(sql.placeholder('q')), direction: 'desc', cast: 'real' },
};

/** The cursor value of a row under a sort: the sort key, as text where JSON numbers fall short. */
export function sortValue(
  sort: PropertySort,
  row: CardRow & { rank: number | null },
): number | string {
  switch (sort) {
    case 'newest':
    case 'oldest':
      return row.created_at;
    case 'price_asc':
      return row.price === null ? PRICE_NULL_LAST_ASC : String(row.price);
    case 'price_desc':
      return row.price === null ? PRICE_NULL_LAST_DESC : String(row.price);
    case 'area_asc':
    case 'area_desc':
      return row.building_sqmts;
    case 'price_per_sqm_asc':
      return row.price_per_sqm === null ? PPSQM_NULL_LAST_ASC : String(row.price_per_sqm);
    case 'price_per_sqm_desc':
      return row.price_per_sqm === null ? PPSQM_NULL_LAST_DESC : String(row.price_per_sqm);
    case 'stage_asc':
    case 'stage_desc':
      return PROPERTY_STAGES.indexOf(row.stage);
    case 'relevance':
      return row.rank ?? 0;
  }
}

/** Row-value comparison, so (key, id) pairs walk the matching composite index. */
function afterCursor(spec: SortSpec): SQL {
  const op = spec.direction === 'desc' ? sql`<` : sql`>`;
  return sql`(${spec.key}, ${properties.id}) ${op} (${sql.placeholder('after_value')}::${sql.raw(spec.cast)}, ${sql.placeholder('after_id')}::integer)`;
}

const cardColumns = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  price_amount: properties.price_amount,
  price_unit: properties.price_unit,
  price: properties.price,
  building_sqmts: properties.building_sqmts,
  land_sqmts: properties.land_sqmts,
  price_per_sqm: properties.price_per_sqm,
  ...ufColumns,
  area_basis: property_types.area_basis,
  visited: properties.visited,
  stage: properties.stage,
  city_id: properties.city_id,
  city_name: cities.name,
  region_id: regions.id,
  region_name: regions.name,
  property_type_id: properties.property_type_id,
  property_type_name: property_types.name,
  created_at: isoText(properties.created_at),
  updated_at: isoText(properties.updated_at),
  cover_key: sql<
    string | null
  >`(select ${property_photos.storage_key} from ${property_photos} where ${property_photos.property_id} = ${properties.id} order by ${property_photos.position} limit 1)`,
};

/**
 * What every page row carries besides its card: the unfiltered total (trigger-kept, exact and
 * free) and the write version that filtered counts are cached at (see match-counts.ts).
 */
const pageColumns = {
  all_count: sql<number>`(select ${properties_total.n} from ${properties_total})`.mapWith(Number),
  version: sql<string>`(select ${properties_total.version}::text from ${properties_total})`,
};

/** A page of cards, newest or however sorted, after the cursor if there is one. */
function listQuery(
  db: Database,
  sort: PropertySort,
  filters: FilterKey[],
  cursor: boolean,
  limit: number,
) {
  const spec = SORTS[sort];
  const side = priceSideOf(sort);
  const conditions = filters.map((key) => FILTERS[side][key](sql.placeholder(key)));
  if (cursor) conditions.push(afterCursor(spec));
  const order = spec.direction === 'desc' ? desc : asc;
  // The relevance sort's cursor needs each row's rank; other sorts' keys are card fields.
  const rank = sort === 'relevance' ? sql<number | null>`${spec.key}` : sql<number | null>`null`;
  return (
    withNames(
      db
        .select({ ...cardColumns, ...pageColumns, rank: rank.mapWith(Number) })
        .from(properties)
        .$dynamic(),
    )
      .where(and(...conditions))
      .orderBy(order(spec.key), order(properties.id))
      // A literal, not a parameter: with `limit $n` PostgreSQL's generic plan cannot count on a
      // short result and prefers a sort, so every execution was planned afresh (most of the cost).
      // Drizzle makes a number a parameter; raw SQL lands verbatim (an integer, from the contract).
      .limit(sql.raw(String(Math.trunc(limit))) as unknown as number)
  );
}

/** For a page that came back empty: what its rows would have carried. */
const headQuery = (db: Database) =>
  db.select({ ...pageColumns, uf_used: ufColumns.uf_used }).from(properties_total);
export type HeadRow = Awaited<ReturnType<typeof headQuery>>[number];

/**
 * The matches counted up to PROPERTY_COUNT_CAP + 1 and no further, so a broad filter never reads
 * more than that many rows (more than the cap: see estimateMatches).
 */
const countQuery = (db: Database, filters: FilterKey[]) =>
  db.select({ matches: sql<number>`count(*)`.mapWith(Number) }).from(
    db
      .select({ one: sql`1` })
      .from(properties)
      .where(and(...filters.map((key) => FILTERS.high[key](sql.placeholder(key)))))
      .limit(sql.raw(String(PROPERTY_COUNT_CAP + 1)) as unknown as number)
      .as('matches'),
  );

export type CardRow = Omit<
  Awaited<ReturnType<typeof listQuery>>[number],
  keyof typeof pageColumns | 'rank'
>;
type PageRow = Awaited<ReturnType<typeof listQuery>>[number];

/**
 * Filters whose best plan depends on their values: a search's words (common or rare) and the
 * ranges (a price range may hold most of the table or a handful). A named statement's generic plan
 * guesses one selectivity for every value: the bench saw it sort every match of region 13 + a
 * price range at 10k rows and read over 10,000 rows for a page at 100k. Equality filters (región,
 * comuna, type, stage…) keep their named statements: one plan serves every value.
 */
const plannedWithValues = (key: FilterKey) => key === 'q' || /_(min|max)$/.test(key);

/**
 * What one list page runs, as prepared statements with their values: `rows`, `head` for when a
 * page comes back empty, and `count` for when the matches need counting. A search or a range is
 * planned with its values every time (an unnamed statement: see plannedWithValues); everything
 * else is named and planned once per connection. The benchmark runs the very same statements through `pg`.
 */
export function listPage(
  db: Database,
  filters: PesoFilters,
  sort: PropertySort,
  limit: number,
  cursor: PropertyCursor | null,
) {
  const active = activeFilters(filters);
  const plan = active.keys.some(plannedWithValues) ? 'per-execution' : 'once';
  const shape = `${sort}|${active.keys.join(',')}|${cursor ? 'after' : 'first'}|${limit}`;
  const rowValues: Record<string, unknown> = { ...active.values };
  if (cursor) Object.assign(rowValues, { after_value: cursor.value, after_id: cursor.id });
  return {
    filtered: active.keys.length > 0,
    /** The filters' values, which name the count they share (match-counts.ts). */
    key: JSON.stringify(active.values),
    rows: {
      statement: prepared<PageRow>(
        db,
        `list|${shape}`,
        () => listQuery(db, sort, active.keys, cursor !== null, limit),
        plan,
      ),
      values: rowValues,
    } satisfies Bound<PageRow>,
    head: {
      statement: prepared<HeadRow>(db, 'list|head', () => headQuery(db)),
      values: {},
    } satisfies Bound<HeadRow>,
    count: {
      statement: prepared<{ matches: number }>(
        db,
        `count|${active.keys.join(',')}`,
        () => countQuery(db, active.keys),
        plan,
      ),
      values: active.values,
    } satisfies Bound<{ matches: number }>,
  };
}

/**
 * PostgreSQL's estimate of how many properties match, from its statistics, without reading them:
 * the row count of the plan of `select 1 … where <filters>`, planned with the values.
 */
export async function estimateMatches(db: Database, filters: PesoFilters) {
  const conditions = filterConditions(filters);
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${properties} where ${and(sql`true`, ...conditions)}`,
  );
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

export { run } from '../../db/prepared.js';

/** The UF value the stored peso prices use (null while none is known). */
export async function appliedUfValue(db: Database) {
  const [row] = await db.select({ value: uf_pricing.value }).from(uf_pricing);
  return row?.value ?? null;
}

const createdBy = alias(users, 'created_by_user');
const updatedBy = alias(users, 'updated_by_user');

/** One of a detail's photos: `[id, storage_key, width, height]`. */
export type DetailPhoto = [
  id: number,
  storageKey: string,
  width: number | null,
  height: number | null,
];

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
        rooms: properties.rooms,
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

/**
 * What a property's history compares before and after an edit: the fields as people read them
 * (names, not ids, for the comuna, type and broker; the price with its unit).
 */
export async function historySnapshot(db: Database, id: number) {
  const [row] = await withNames(
    db
      .select({
        name: properties.name,
        address: properties.address,
        comuna: cities.name,
        property_type: property_types.name,
        price_amount: properties.price_amount,
        price_unit: properties.price_unit,
        building_sqmts: properties.building_sqmts,
        land_sqmts: properties.land_sqmts,
        parking_sqmts: properties.parking_sqmts,
        additional_sqmts: properties.additional_sqmts,
        basement_sqmts: properties.basement_sqmts,
        rooms: properties.rooms,
        broker: brokers.name,
        google_maps_url: properties.google_maps_url,
        latitude: properties.latitude,
        longitude: properties.longitude,
        notes: properties.notes,
        stage: properties.stage,
        discard_reason: properties.discard_reason,
      })
      .from(properties)
      .$dynamic(),
  )
    .leftJoin(brokers, eq(brokers.id, properties.broker_id))
    .where(eq(properties.id, id));
  if (!row) return null;
  const { price_amount, price_unit, stage, discard_reason, ...fields } = row;
  return {
    fields: { ...fields, price: { amount: price_amount, unit: price_unit } },
    stage,
    discard_reason,
  };
}
export type HistorySnapshot = NonNullable<Awaited<ReturnType<typeof historySnapshot>>>;

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

/** Every exported column, newest first, one keyset batch after `after` (id and created_at). */
export async function exportBatch(
  db: Database,
  filters: PesoFilters,
  after: { created_at: Date; id: number } | null,
  limit: number,
) {
  const conditions = filterConditions(filters);
  if (after) {
    conditions.push(
      sql`(${properties.created_at}, ${properties.id}) < (${after.created_at.toISOString()}::timestamptz, ${after.id}::integer)`,
    );
  }
  return withNames(
    db
      .select({
        id: properties.id,
        name: properties.name,
        address: properties.address,
        city_name: cities.name,
        region_name: regions.name,
        property_type_name: property_types.name,
        price_amount: properties.price_amount,
        price_unit: properties.price_unit,
        price: properties.price,
        price_uf: ufColumns.price_uf,
        uf_date: sql<string | null>`(select ${uf_pricing.date}::text from ${uf_pricing})`,
        price_per_sqm: properties.price_per_sqm,
        price_per_sqm_uf: ufColumns.price_per_sqm_uf,
        building_sqmts: properties.building_sqmts,
        land_sqmts: properties.land_sqmts,
        parking_sqmts: properties.parking_sqmts,
        additional_sqmts: properties.additional_sqmts,
        basement_sqmts: properties.basement_sqmts,
        rooms: properties.rooms,
        visited: properties.visited,
        stage: properties.stage,
        discard_reason: properties.discard_reason,
        broker_name: brokers.name,
        latitude: properties.latitude,
        longitude: properties.longitude,
        google_maps_url: properties.google_maps_url,
        notes: properties.notes,
        created_at: properties.created_at,
        updated_at: properties.updated_at,
      })
      .from(properties)
      .$dynamic(),
  )
    .leftJoin(brokers, eq(brokers.id, properties.broker_id))
    .where(and(...conditions))
    .orderBy(desc(properties.created_at), desc(properties.id))
    .limit(limit);
}
