import type { StatsGroup } from '@bec/contracts';
import { and, asc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { type Bound, prepared, run } from '../../db/prepared.js';
import {
  basisArea,
  filterConditions,
  type PesoFilters,
  priceInUf,
  ufColumns,
  withNames,
} from '../../db/property-query.js';
import {
  cities,
  properties,
  properties_total,
  property_map_cells,
  property_types,
  uf_pricing,
} from '../../db/schema.js';
import { metresPerPixel, type PixelBox } from './map-projection.js';

export { MAP_CELL_LEVELS } from '../../db/schema.js';

export const ufInUseSql = () =>
  sql`select ${uf_pricing.date}::text as date, ${uf_pricing.value}::text as value, ${uf_pricing.source} as source from ${uf_pricing}`;

/** The UF value in use (the one the stored peso prices were computed with), if any. */
export async function ufInUse(db: Database) {
  const [row] = await queryRows<{ date: string | null; value: string | null; source: string }>(
    db,
    ufInUseSql(),
  );
  return row?.date && row.value
    ? { date: row.date, value: Number(row.value), source: row.source }
    : null;
}

export type { PixelBox } from './map-projection.js';

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

/** No filter the cells know: the cells' "every property" rows answer alone. */
const unfiltered = (f: CellFilters) =>
  f.region_id === undefined &&
  f.city_id === undefined &&
  f.property_type_id === undefined &&
  f.visited === undefined;

/**
 * Each cell also has one row that counts every property in it, whatever its comuna, type or
 * visited (city_id 0, property_type_id 0, visited false; migration 0003): a view with no filter
 * reads one row per cell, not one per comuna, type and visited.
 */
const EVERY_PROPERTY = sql`${property_map_cells.city_id} = 0 and ${property_map_cells.property_type_id} = 0 and ${property_map_cells.visited} = false`;

/** Filters on the cells, the "every property" rows left out. */
const cellConditions = (f: CellFilters): SQL[] => {
  const conditions: SQL[] = [ne(property_map_cells.city_id, 0)];
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

/**
 * Each query below is built by an exported `…Sql` function that its repository function runs, so
 * `npm run bench` can EXPLAIN exactly the SQL the API sends (bench/market.ts).
 */

/**
 * Up to this many cells in a view, the "every property" rows are looked up one by one (one index
 * probe each, whatever the table's size); a larger view (a box far wider than the screen) reads
 * them as a range.
 */
const CELL_LOOKUPS_MAX = 4096;

/**
 * The clusters of a view from the kept cells. With no filter: one row per cell of the view. With
 * filters: a row per comuna, type and visited in each cell, a few thousand at most.
 */
export function clustersFromCellsSql(level: number, cells: PixelBox, filters: CellFilters) {
  if (unfiltered(filters)) {
    const width = cells.x1 - cells.x0 + 1;
    const height = cells.y1 - cells.y0 + 1;
    if (width * height <= CELL_LOOKUPS_MAX)
      return sql`select c.cx, c.cy, c.n, c.lat_sum / c.n as lat, c.lng_sum / c.n as lng
        from generate_series(0, ${width * height - 1}::integer) as i
        join ${property_map_cells} c on c.level = ${level}
          and c.cx = ${cells.x0}::integer + i / ${height}::integer
          and c.cy = ${cells.y0}::integer + i % ${height}::integer
          and c.city_id = 0 and c.property_type_id = 0 and c.visited = false
        where c.n > 0`;
    return sql`select cx, cy, n, lat_sum / n as lat, lng_sum / n as lng
      from ${property_map_cells}
      where ${and(
        eq(property_map_cells.level, level),
        sql`${property_map_cells.cx} between ${cells.x0} and ${cells.x1}`,
        sql`${property_map_cells.cy} between ${cells.y0} and ${cells.y1}`,
        EVERY_PROPERTY,
      )} and n > 0`;
  }
  return sql`select cx, cy, sum(n)::integer as n, sum(lat_sum) / sum(n) as lat, sum(lng_sum) / sum(n) as lng
      from ${property_map_cells}
      where ${and(
        eq(property_map_cells.level, level),
        sql`${property_map_cells.cx} between ${cells.x0} and ${cells.x1}`,
        sql`${property_map_cells.cy} between ${cells.y0} and ${cells.y1}`,
        ...cellConditions(filters),
      )}
      group by cx, cy
      having sum(n) > 0`;
}

export async function clustersFromCells(
  db: Database,
  level: number,
  cells: PixelBox,
  filters: CellFilters,
) {
  return queryRows<CellRow>(db, clustersFromCellsSql(level, cells, filters));
}

/**
 * Matching properties with and without coordinates, from the kept cells: the 16 cells of level 2
 * cover the world, level 0 counts those without coordinates. With no filter, 17 index probes.
 */
export function totalsFromCellsSql(filters: CellFilters) {
  if (unfiltered(filters))
    return sql`select
        coalesce((select sum(c.n) from generate_series(0, 15) as i
          join ${property_map_cells} c on c.level = 2 and c.cx = i / 4 and c.cy = i % 4
            and c.city_id = 0 and c.property_type_id = 0 and c.visited = false), 0)::integer as located,
        coalesce((select c.n from ${property_map_cells} c where c.level = 0 and c.cx = 0 and c.cy = 0
            and c.city_id = 0 and c.property_type_id = 0 and c.visited = false), 0)::integer as without`;
  return sql`select coalesce(sum(n) filter (where level = 2), 0)::integer as located,
        coalesce(sum(n) filter (where level = 0), 0)::integer as without
      from ${property_map_cells}
      where ${and(sql`${property_map_cells.level} in (0, 2)`, ...cellConditions(filters))}`;
}

export async function totalsFromCells(db: Database, filters: CellFilters) {
  const [row] = await queryRows<{ located: number; without: number }>(
    db,
    totalsFromCellsSql(filters),
  );
  return row ?? { located: 0, without: 0 };
}

/** Pixels of the finest level inside a box (as a range on the map index); numbers or placeholders. */
const inBox = (box: Record<keyof PixelBox, number | SQL>) =>
  sql`${properties.map_y} between ${box.y0} and ${box.y1} and ${properties.map_x} between ${box.x0} and ${box.x1}`;

/**
 * The clusters of a view from the properties themselves (filters the cells cannot answer, and
 * the zooms finer than the kept levels), with one member's id for the cells that hold one.
 */
export function clustersFromRowsSql(shift: number, box: PixelBox, filters: PesoFilters) {
  const s = sql.raw(String(shift));
  return sql`select ${properties.map_x} >> ${s} as cx, ${properties.map_y} >> ${s} as cy,
        count(*)::integer as n, avg(${lat}) as lat, avg(${lng}) as lng, min(${properties.id}) as any_id
      from ${properties}
      where ${and(inBox(box), ...filterConditions(filters))}
      group by 1, 2`;
}

export async function clustersFromRows(
  db: Database,
  shift: number,
  box: PixelBox,
  filters: PesoFilters,
) {
  return queryRows<CellRow & { any_id: number }>(db, clustersFromRowsSql(shift, box, filters));
}

/** Matching properties with and without coordinates, counted on the rows. */
export const totalsFromRowsSql = (filters: PesoFilters) =>
  sql`select count(*) filter (where ${properties.map_y} is not null)::integer as located,
        count(*) filter (where ${properties.map_y} is null)::integer as without
      from ${properties} where ${and(sql`true`, ...filterConditions(filters))}`;

export async function totalsFromRows(db: Database, filters: PesoFilters) {
  const [row] = await queryRows<{ located: number; without: number }>(
    db,
    totalsFromRowsSql(filters),
  );
  return row ?? { located: 0, without: 0 };
}

export type PointRow = { id: number; name: string; lat: number; lng: number };

/** The one matching property of each of these cells (the cells that count one; at least one). */
export function pointsOfCellsSql(
  shift: number,
  cells: { cx: number; cy: number }[],
  filters: PesoFilters,
) {
  const s = sql.raw(String(shift));
  const cx = `{${cells.map((c) => c.cx).join(',')}}`;
  const cy = `{${cells.map((c) => c.cy).join(',')}}`;
  // One index range per cell (properties_map_idx), not a scan of the view.
  return sql`select ${properties.id} as id, ${properties.name} as name, ${lat} as lat, ${lng} as lng
      from unnest(${cx}::integer[], ${cy}::integer[]) as c(cx, cy)
      join ${properties}
        on ${properties.map_y} between c.cy << ${s} and ((c.cy + 1) << ${s}) - 1
        and ${properties.map_x} between c.cx << ${s} and ((c.cx + 1) << ${s}) - 1
      where ${and(sql`true`, ...filterConditions(filters))}`;
}

export async function pointsOfCells(
  db: Database,
  shift: number,
  cells: { cx: number; cy: number }[],
  filters: PesoFilters,
) {
  if (!cells.length) return [];
  return queryRows<PointRow>(db, pointsOfCellsSql(shift, cells, filters));
}

/** Matching properties in a box, one more than `limit` to tell a full box from a truncated one. */
export const pointsInBoxSql = (box: PixelBox, filters: PesoFilters, limit: number) =>
  sql`select ${properties.id} as id, ${properties.name} as name, ${lat} as lat, ${lng} as lng
      from ${properties}
      where ${and(inBox(box), ...filterConditions(filters))}
      order by ${properties.id}
      limit ${sql.raw(String(limit + 1))}`;

export async function pointsInBox(
  db: Database,
  box: PixelBox,
  filters: PesoFilters,
  limit: number,
) {
  return queryRows<PointRow>(db, pointsInBoxSql(box, filters, limit));
}

export const pointsByIdSql = (ids: number[]) =>
  sql`select ${properties.id} as id, ${properties.name} as name, ${lat} as lat, ${lng} as lng
      from ${properties} where ${properties.id} = any(${`{${ids.join(',')}}`}::integer[])`;

export async function pointsById(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return queryRows<PointRow>(db, pointsByIdSql(ids));
}

/** What cached figures were computed at: the properties' write version and the UF in use. */
export const dataVersionSql = () =>
  sql`select ${properties_total.version}::text || ' ' || coalesce((select ${uf_pricing.date}::text || ' ' || ${uf_pricing.value}::text from ${uf_pricing}), '-') as version
      from ${properties_total}`;

export async function dataVersion(db: Database) {
  const [row] = await queryRows<{ version: string }>(db, dataVersionSql());
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
export function groupStatsSql(group: StatsGroup, filters: PesoFilters) {
  const by = GROUP_COLUMNS[group];
  return sql`with m as (${matchingRows(filters)}),
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
      order by s.key is not null, s.count desc, name`;
}

export async function groupStats(db: Database, group: StatsGroup, filters: PesoFilters) {
  return queryRows<StatsRowDb>(db, groupStatsSql(group, filters));
}

/** The 98th percentile of UF/m² among the matches (where a histogram's range ends). */
export const ufPerSqmTopSql = (filters: PesoFilters) =>
  sql`with m as (${matchingRows(filters)})
      select percentile_cont(0.98) within group (order by m.uf_per_sqm) as top from m`;

export async function ufPerSqmTop(db: Database, filters: PesoFilters) {
  const [row] = await queryRows<{ top: number | null }>(db, ufPerSqmTopSql(filters));
  return row?.top ?? null;
}

/** UF/m² of the matches in `bins` equal bins of `width` from 0; the last one takes the rest. */
export const ufPerSqmHistogramSql = (filters: PesoFilters, width: number, bins: number) =>
  sql`with m as (${matchingRows(filters)})
      select least(width_bucket(m.uf_per_sqm, 0, ${width * bins}::float8, ${bins}), ${bins}) as bin,
        count(*)::integer as count
      from m where m.uf_per_sqm is not null
      group by 1 order by 1`;

export async function ufPerSqmHistogram(
  db: Database,
  filters: PesoFilters,
  width: number,
  bins: number,
) {
  return queryRows<{ bin: number; count: number }>(db, ufPerSqmHistogramSql(filters, width, bins));
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

/**
 * The comparables' three queries run on every detail page: named prepared statements
 * (db/prepared.ts), planned once per connection rather than on every request, the subject's
 * values as placeholders. `…Statement` builds one execution (statement and values).
 */
const subjectQuery = (db: Database) =>
  db
    .select({
      id: properties.id,
      city_id: properties.city_id,
      property_type_id: properties.property_type_id,
      lat: sql<number | null>`${lat}`,
      lng: sql<number | null>`${lng}`,
      map_x: properties.map_x,
      map_y: properties.map_y,
      uf_per_sqm: sql<string | null>`(${ufPerSqm})::text`,
    })
    .from(properties)
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .where(eq(properties.id, sql.placeholder('id')));

/** The property comparables are sought for. */
export const comparablesSubjectStatement = (db: Database, id: number): Bound<SubjectRow> => ({
  statement: prepared<SubjectRow>(db, 'market|subject', () => subjectQuery(db)),
  values: { id },
});

/** The property comparables are sought for; null when there is none with this id. */
export async function comparablesSubject(db: Database, id: number) {
  const [row] = await run(comparablesSubjectStatement(db, id));
  return row ?? null;
}

export type PeerStandingRow = {
  count: number;
  below: number;
  equal: number;
  median: number | null;
};

function peerStandingQuery(db: Database) {
  // `offset 0` keeps the subquery whole: each peer's UF/m² (numeric arithmetic) is computed once,
  // not once per aggregate that reads it (half the cost of a comuna's thousand peers).
  const peers = db
    .select({ u: sql<string | null>`${ufPerSqm}`.as('u') })
    .from(properties)
    .innerJoin(property_types, eq(property_types.id, properties.property_type_id))
    .where(
      and(
        eq(properties.city_id, sql.placeholder('city_id')),
        eq(properties.property_type_id, sql.placeholder('property_type_id')),
        isNotNull(properties.price_per_sqm),
        ne(properties.id, sql.placeholder('id')),
      ),
    )
    // Drizzle drops a numeric offset of 0; raw SQL lands verbatim.
    .offset(sql.raw('0') as unknown as number)
    .as('peers');
  const mine = sql`${sql.placeholder('mine')}::numeric`;
  return db
    .select({
      count: sql<number>`count(*)::integer`,
      below: sql<number>`count(*) filter (where ${peers.u} < ${mine})::integer`,
      equal: sql<number>`count(*) filter (where ${peers.u} = ${mine})::integer`,
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${peers.u}::float8)`,
    })
    .from(peers)
    .where(isNotNull(peers.u));
}

/**
 * Peers: the same type in the same comuna with a UF/m², the subject left out. How many, how many
 * cost less per m² and how many the same, and their median (properties_peers_idx).
 */
export const peerStandingStatement = (
  db: Database,
  subject: SubjectRow,
): Bound<PeerStandingRow> => ({
  statement: prepared<PeerStandingRow>(db, 'market|peers', () => peerStandingQuery(db)),
  values: {
    city_id: subject.city_id,
    property_type_id: subject.property_type_id,
    id: subject.id,
    mine: subject.uf_per_sqm,
  },
});

export async function peerStanding(db: Database, subject: SubjectRow) {
  const [row] = await run(peerStandingStatement(db, subject));
  return row ?? { count: 0, below: 0, equal: 0, median: null };
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle metres from a point (haversine), on the properties' own coordinates. */
const metresFrom = (fromLat: SQL, fromLng: SQL) =>
  sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(${lat} - ${fromLat}) / 2), 2)
    + cos(radians(${fromLat})) * cos(radians(${lat}))
      * power(sin(radians(${lng} - ${fromLng}) / 2), 2))))`;

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

function nearestQuery(db: Database, limit: number) {
  const distance = metresFrom(
    sql`${sql.placeholder('lat')}::float8`,
    sql`${sql.placeholder('lng')}::float8`,
  );
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
        eq(properties.property_type_id, sql.placeholder('property_type_id')),
        ne(properties.id, sql.placeholder('id')),
        inBox({
          x0: placeholder('x0'),
          x1: placeholder('x1'),
          y0: placeholder('y0'),
          y1: placeholder('y1'),
        }),
      ),
    )
    .orderBy(distance, asc(properties.id))
    .limit(sql.raw(String(Math.trunc(limit))) as unknown as number);
}

export type NearestRow = Awaited<ReturnType<ReturnType<typeof nearestQuery>['execute']>>[number];

/** The nearest properties of the subject's type within a box around it, nearest first. */
export const nearestInBoxStatement = (
  db: Database,
  subject: SubjectRow & { lat: number; lng: number },
  box: PixelBox,
  limit: number,
): Bound<NearestRow> => ({
  statement: prepared<NearestRow>(db, `market|nearest|${Math.trunc(limit)}`, () =>
    nearestQuery(db, limit),
  ),
  values: {
    property_type_id: subject.property_type_id,
    id: subject.id,
    x0: box.x0,
    x1: box.x1,
    y0: box.y0,
    y1: box.y1,
    lat: subject.lat,
    lng: subject.lng,
  },
});

/**
 * A box wider than this (half-width in finest-level pixels, ~1 km in Chile) is first searched
 * within this much of the subject: where properties are dense, the nearest lie close by, and the
 * small box reads tens of rows instead of the whole box's hundreds.
 */
export const NEAREST_INNER_REACH = 2 ** 9;

/**
 * The nearest `limit` properties of the subject's type within `box`, nearest first. Searched
 * outwards: the box within NEAREST_INNER_REACH of the subject first, whose rows are the answer
 * when there are `limit` of them and the farthest lies inside its inscribed circle (1 m to
 * spare, with the pixel size of a latitude 1° nearer the pole, as the service judges its boxes):
 * then every property outside it is farther. Otherwise the whole box.
 */
export async function nearestInBox(
  db: Database,
  subject: SubjectRow & { lat: number; lng: number },
  box: PixelBox,
  limit: number,
) {
  const x = subject.map_x;
  const y = subject.map_y;
  const r = NEAREST_INNER_REACH;
  if (
    x !== null &&
    y !== null &&
    x - r > box.x0 &&
    x + r < box.x1 &&
    y - r > box.y0 &&
    y + r < box.y1
  ) {
    const inner = { x0: x - r, x1: x + r, y0: y - r, y1: y + r };
    const rows = await run(nearestInBoxStatement(db, subject, inner, limit));
    const reach = r * metresPerPixel(Math.abs(subject.lat) + 1) - 1;
    if (rows.length === limit && (rows.at(-1)?.distance_m ?? Number.POSITIVE_INFINITY) < reach)
      return rows;
  }
  return run(nearestInBoxStatement(db, subject, box, limit));
}
