import type { StatsGroup } from '@bec/contracts';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import {
  cities,
  properties,
  properties_total,
  property_map_cells,
  property_types,
  uf_pricing,
} from '../../db/schema.js';
import {
  basisArea,
  filterConditions,
  type PesoFilters,
  priceInUf,
  ufColumns,
  withNames,
} from '../properties/properties.repository.js';

/** A box of finest-level map pixels, edges included. */
export type PixelBox = { x0: number; x1: number; y0: number; y1: number };

/**
 * The filters property_map_cells can answer by itself: comuna, region, type and visited. Any
 * other filter (search, prices, areas, broker) needs the properties themselves.
 */
export type CellFilters = Pick<
  PesoFilters,
  'region_id' | 'city_id' | 'property_type_id' | 'visited' | 'located'
>;
const CELL_FILTER_KEYS = new Set<string>([
  'region_id',
  'city_id',
  'property_type_id',
  'visited',
  'located',
]);

/** The filters as cell filters, or null when one of them needs the properties' rows. */
export function asCellFilters(filters: PesoFilters): CellFilters | null {
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '' && !CELL_FILTER_KEYS.has(key)) return null;
  }
  return filters as CellFilters;
}

const cellConditions = (f: CellFilters): SQL[] => {
  const conditions: SQL[] = [];
  if (f.region_id !== undefined) conditions.push(eq(property_map_cells.region_id, f.region_id));
  if (f.city_id !== undefined) conditions.push(eq(property_map_cells.city_id, f.city_id));
  if (f.property_type_id !== undefined)
    conditions.push(eq(property_map_cells.property_type_id, f.property_type_id));
  if (f.visited !== undefined) conditions.push(eq(property_map_cells.visited, f.visited));
  return conditions;
};

/** Latitude and longitude as floats: numeric(9,6) to JS numbers without text decoding. */
const lat = sql`${properties.latitude}::float8`;
const lng = sql`${properties.longitude}::float8`;

export type CellRow = { cx: number; cy: number; n: number; lat: number; lng: number };

/** The clusters of a view from the kept cells: a few thousand rows at most, any table size. */
export async function clustersFromCells(
  db: Database,
  level: number,
  cells: PixelBox,
  filters: CellFilters,
) {
  return queryRows<CellRow>(
    db,
    sql`select cx, cy, sum(n)::integer as n, sum(lat_sum) / sum(n) as lat, sum(lng_sum) / sum(n) as lng
      from ${property_map_cells}
      where ${and(
        eq(property_map_cells.level, level),
        sql`${property_map_cells.cx} between ${cells.x0} and ${cells.x1}`,
        sql`${property_map_cells.cy} between ${cells.y0} and ${cells.y1}`,
        ...cellConditions(filters),
      )}
      group by cx, cy
      having sum(n) > 0`,
  );
}

/** Matching properties with and without coordinates, from the kept cells (levels 2 and 0). */
export async function totalsFromCells(db: Database, filters: CellFilters) {
  const [row] = await queryRows<{ located: number; without: number }>(
    db,
    sql`select coalesce(sum(n) filter (where level = 2), 0)::integer as located,
        coalesce(sum(n) filter (where level = 0), 0)::integer as without
      from ${property_map_cells}
      where ${and(sql`${property_map_cells.level} in (0, 2)`, ...cellConditions(filters))}`,
  );
  return row ?? { located: 0, without: 0 };
}

/** Pixels of the finest level inside a box (as a range on the map index). */
const inBox = (box: PixelBox) =>
  sql`${properties.map_y} between ${box.y0} and ${box.y1} and ${properties.map_x} between ${box.x0} and ${box.x1}`;

/**
 * The clusters of a view from the properties themselves (filters the cells cannot answer, and
 * the zooms finer than the kept levels), with one member's id for the cells that hold one.
 */
export async function clustersFromRows(
  db: Database,
  shift: number,
  box: PixelBox,
  filters: PesoFilters,
) {
  const s = sql.raw(String(shift));
  return queryRows<CellRow & { any_id: number }>(
    db,
    sql`select ${properties.map_x} >> ${s} as cx, ${properties.map_y} >> ${s} as cy,
        count(*)::integer as n, avg(${lat}) as lat, avg(${lng}) as lng, min(${properties.id}) as any_id
      from ${properties}
      where ${and(inBox(box), ...filterConditions(filters))}
      group by 1, 2`,
  );
}

/** Matching properties with and without coordinates, counted on the rows. */
export async function totalsFromRows(db: Database, filters: PesoFilters) {
  const [row] = await queryRows<{ located: number; without: number }>(
    db,
    sql`select count(*) filter (where ${properties.map_y} is not null)::integer as located,
        count(*) filter (where ${properties.map_y} is null)::integer as without
      from ${properties} where ${and(sql`true`, ...filterConditions(filters))}`,
  );
  return row ?? { located: 0, without: 0 };
}

export type PointRow = { id: number; name: string; lat: number; lng: number };

/** The one matching property of each of these cells (the cells that count one). */
export async function pointsOfCells(
  db: Database,
  shift: number,
  cells: { cx: number; cy: number }[],
  filters: PesoFilters,
) {
  if (!cells.length) return [];
  const s = sql.raw(String(shift));
  const cx = `{${cells.map((c) => c.cx).join(',')}}`;
  const cy = `{${cells.map((c) => c.cy).join(',')}}`;
  // One index range per cell (properties_map_idx), not a scan of the view.
  return queryRows<PointRow>(
    db,
    sql`select ${properties.id} as id, ${properties.name} as name, ${lat} as lat, ${lng} as lng
      from unnest(${cx}::integer[], ${cy}::integer[]) as c(cx, cy)
      join ${properties}
        on ${properties.map_y} between c.cy << ${s} and ((c.cy + 1) << ${s}) - 1
        and ${properties.map_x} between c.cx << ${s} and ((c.cx + 1) << ${s}) - 1
      where ${and(sql`true`, ...filterConditions(filters))}`,
  );
}

/** Matching properties in a box, one more than `limit` to tell a full box from a truncated one. */
export async function pointsInBox(
  db: Database,
  box: PixelBox,
  filters: PesoFilters,
  limit: number,
) {
  return queryRows<PointRow>(
    db,
    sql`select ${properties.id} as id, ${properties.name} as name, ${lat} as lat, ${lng} as lng
      from ${properties}
      where ${and(inBox(box), ...filterConditions(filters))}
      order by ${properties.id}
      limit ${sql.raw(String(limit + 1))}`,
  );
}

export async function pointsById(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return queryRows<PointRow>(
    db,
    sql`select ${properties.id} as id, ${properties.name} as name, ${lat} as lat, ${lng} as lng
      from ${properties} where ${properties.id} = any(${`{${ids.join(',')}}`}::integer[])`,
  );
}

/** What cached figures were computed at: the properties' write version and the UF in use. */
export async function dataVersion(db: Database) {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select ${properties_total.version}::text || ' ' || coalesce((select ${uf_pricing.date}::text || ' ' || ${uf_pricing.value}::text from ${uf_pricing}), '-') as version
      from ${properties_total}`,
  );
  return row?.version ?? '';
}

/** UF per m² on the type's area basis, unrounded; null without a price or an area. */
const ufPerSqm = sql`(case when ${basisArea} > 0 then ${priceInUf} / ${basisArea} end)`;

/** The column of the matching rows (below) each grouping groups by. */
const GROUP_COLUMNS: Record<StatsGroup, SQL> = {
  region: sql.raw('region_id'),
  comuna: sql.raw('city_id'),
  type: sql.raw('property_type_id'),
};

const GROUP_NAMES: Record<StatsGroup, SQL> = {
  region: sql.raw(`(select name from regions where id = s.key)`),
  comuna: sql.raw(`(select name from cities where id = s.key)`),
  type: sql.raw(`(select name from property_types where id = s.key)`),
};

export type StatsRowDb = {
  /** Null on the row of every match together. */
  key: number | null;
  name: string | null;
  count: number;
  visited: number;
  price_uf: number[] | null;
  price_clp: number[] | null;
  uf_per_sqm: number[] | null;
  newest_at: string | null;
  newest_id: number | null;
};

/** The matching rows, with the three measures as floats (percentile_cont takes float8). */
const matchingRows = (filters: PesoFilters) => sql`
  select ${properties.id} as id, ${properties.visited} as visited,
    ${properties.created_at} as created_at, ${properties.region_id} as region_id,
    ${properties.city_id} as city_id, ${properties.property_type_id} as property_type_id,
    ${properties.price}::float8 as price_clp, (${priceInUf})::float8 as price_uf,
    (${ufPerSqm})::float8 as uf_per_sqm
  from ${properties}
  inner join ${property_types} on ${property_types.id} = ${properties.property_type_id}
  where ${and(sql`true`, ...filterConditions(filters))}`;

const QUARTILES = sql.raw('array[0.25, 0.5, 0.75]');

/** Count, visited, quartiles and newest per group, and the same for every match (key null). */
export async function groupStats(db: Database, group: StatsGroup, filters: PesoFilters) {
  const by = GROUP_COLUMNS[group];
  return queryRows<StatsRowDb>(
    db,
    sql`with m as (${matchingRows(filters)}),
      s as (
        select case when grouping(m.${by}) = 0 then m.${by} end as key,
          count(*)::integer as count,
          count(*) filter (where m.visited)::integer as visited,
          percentile_cont(${QUARTILES}) within group (order by m.price_uf) as price_uf,
          percentile_cont(${QUARTILES}) within group (order by m.price_clp) as price_clp,
          percentile_cont(${QUARTILES}) within group (order by m.uf_per_sqm) as uf_per_sqm,
          to_char(max(m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as newest_at,
          (array_agg(m.id order by m.created_at desc, m.id desc))[1] as newest_id
        from m
        group by grouping sets ((m.${by}), ())
      )
      select s.*, ${GROUP_NAMES[group]} as name from s
      order by s.key is not null, s.count desc, name`,
  );
}

/** The 98th percentile of UF/m² among the matches (where a histogram's range ends). */
export async function ufPerSqmTop(db: Database, filters: PesoFilters) {
  const [row] = await queryRows<{ top: number | null }>(
    db,
    sql`with m as (${matchingRows(filters)})
      select percentile_cont(0.98) within group (order by m.uf_per_sqm) as top from m`,
  );
  return row?.top ?? null;
}

/** UF/m² of the matches in `bins` equal bins of `width` from 0; the last one takes the rest. */
export async function ufPerSqmHistogram(
  db: Database,
  filters: PesoFilters,
  width: number,
  bins: number,
) {
  return queryRows<{ bin: number; count: number }>(
    db,
    sql`with m as (${matchingRows(filters)})
      select least(width_bucket(m.uf_per_sqm, 0, ${width * bins}::float8, ${bins}), ${bins}) as bin,
        count(*)::integer as count
      from m where m.uf_per_sqm is not null
      group by 1 order by 1`,
  );
}

export type SubjectRow = {
  id: number;
  city_id: number;
  property_type_id: number;
  lat: number | null;
  lng: number | null;
  map_x: number | null;
  map_y: number | null;
  uf_per_sqm: string | null;
};

/** The property comparables are sought for; null when there is none with this id. */
export async function comparablesSubject(db: Database, id: number) {
  const [row] = await queryRows<SubjectRow>(
    db,
    sql`select ${properties.id} as id, ${properties.city_id} as city_id,
        ${properties.property_type_id} as property_type_id, ${lat} as lat, ${lng} as lng,
        ${properties.map_x} as map_x, ${properties.map_y} as map_y,
        (${ufPerSqm})::text as uf_per_sqm
      from ${properties}
      inner join ${property_types} on ${property_types.id} = ${properties.property_type_id}
      where ${properties.id} = ${id}`,
  );
  return row ?? null;
}

/**
 * Peers: the same type in the same comuna with a UF/m², the subject left out. How many, how many
 * cost less per m² and how many the same, and their median (properties_peers_idx).
 */
export async function peerStanding(db: Database, subject: SubjectRow) {
  const mine = subject.uf_per_sqm;
  const [row] = await queryRows<{
    count: number;
    below: number;
    equal: number;
    median: number | null;
  }>(
    db,
    sql`with peers as (
        select ${ufPerSqm} as u from ${properties}
        inner join ${property_types} on ${property_types.id} = ${properties.property_type_id}
        where ${properties.city_id} = ${subject.city_id}
          and ${properties.property_type_id} = ${subject.property_type_id}
          and ${properties.price_per_sqm} is not null
          and ${properties.id} <> ${subject.id}
      )
      select count(*)::integer as count,
        count(*) filter (where u < ${mine}::numeric)::integer as below,
        count(*) filter (where u = ${mine}::numeric)::integer as equal,
        percentile_cont(0.5) within group (order by u::float8) as median
      from peers where u is not null`,
  );
  return row ?? { count: 0, below: 0, equal: 0, median: null };
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle metres from a point (haversine), on the properties' own coordinates. */
const metresFrom = (fromLat: number, fromLng: number) =>
  sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(${lat} - ${fromLat}::float8) / 2), 2)
    + cos(radians(${fromLat}::float8)) * cos(radians(${lat}))
      * power(sin(radians(${lng} - ${fromLng}::float8) / 2), 2))))`;

/** The nearest properties of the subject's type within a box around it, nearest first. */
export async function nearestInBox(
  db: Database,
  subject: SubjectRow & { lat: number; lng: number },
  box: PixelBox,
  limit: number,
) {
  const distance = metresFrom(subject.lat, subject.lng);
  return withNames(
    db
      .select({
        id: properties.id,
        name: properties.name,
        city_name: cities.name,
        price_amount: properties.price_amount,
        price_unit: properties.price_unit,
        price: properties.price,
        price_uf: ufColumns.price_uf,
        price_per_sqm_uf: ufColumns.price_per_sqm_uf,
        distance_m: sql<number>`round(${distance})::integer`.mapWith(Number),
      })
      .from(properties)
      .$dynamic(),
  )
    .where(
      and(
        eq(properties.property_type_id, subject.property_type_id),
        ne(properties.id, subject.id),
        inBox(box),
      ),
    )
    .orderBy(distance, asc(properties.id))
    .limit(limit);
}
