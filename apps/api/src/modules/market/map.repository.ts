import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { filterConditions, type PesoFilters } from '../../db/property-query.js';
import { properties, property_map_cell_deltas, property_map_cells } from '../../db/schema.js';
import type { PixelBox } from '../../lib/map-projection.js';

/*
 * The map's clusters and points, from the kept cells (property_map_cells) or from the properties
 * themselves. Each query is built by an exported `…Sql` function that its repository function
 * runs, so `npm run bench` can EXPLAIN exactly the SQL the API sends (bench/market.ts).
 */

export { MAP_CELL_LEVELS } from '../../db/schema.js';
export type { PixelBox } from '../../lib/map-projection.js';

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

/*
 * The cells are folded from appended deltas after the writes commit (ADR 055): every read below
 * adds the deltas not yet folded, in the same statement (one snapshot: a delta is either pending
 * or in its cell, never both), so the counts are exact at every moment. The pending rows are few.
 */
const d = property_map_cell_deltas;

/** Filters on the pending deltas (they are rows of one property each, never "every property"). */
const deltaConditions = (f: CellFilters): SQL[] => {
  const conditions: SQL[] = [];
  if (f.region_id !== undefined) conditions.push(eq(d.region_id, f.region_id));
  if (f.city_id !== undefined) conditions.push(eq(d.city_id, f.city_id));
  if (f.property_type_id !== undefined) conditions.push(eq(d.property_type_id, f.property_type_id));
  if (f.visited !== undefined) conditions.push(eq(d.visited, f.visited));
  return conditions;
};

/** The pending deltas of a level's cells in view, shaped as cell rows (signed counts and sums). */
function pendingCells(level: number, cells: PixelBox, filters: CellFilters) {
  const shift = sql.raw(String(24 - level));
  return sql`select ${d.map_x} >> ${shift} as cx, ${d.map_y} >> ${shift} as cy,
        ${d.sign}::integer as n, ${d.sign} * ${d.lat} as lat_sum, ${d.sign} * ${d.lng} as lng_sum
      from ${d}
      where ${and(
        sql`${d.map_x} is not null`,
        sql`${d.map_x} >> ${shift} between ${cells.x0} and ${cells.x1}`,
        sql`${d.map_y} >> ${shift} between ${cells.y0} and ${cells.y1}`,
        ...deltaConditions(filters),
      )}`;
}

/** Kept cell rows and pending ones, summed per cell; cells that hold nobody left out. */
const summedPerCell = (kept: SQL, pending: SQL) =>
  sql`select cx, cy, sum(n)::integer as n, sum(lat_sum) / sum(n) as lat, sum(lng_sum) / sum(n) as lng
      from (${kept} union all ${pending}) as cell
      group by cx, cy
      having sum(n) > 0`;

/** Latitude and longitude as floats: numeric(9,6) to JS numbers without text decoding. */
export const lat = sql`${properties.latitude}::float8`;
export const lng = sql`${properties.longitude}::float8`;

export type CellRow = { cx: number; cy: number; n: number; lat: number; lng: number };

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
  const pending = pendingCells(level, cells, filters);
  if (unfiltered(filters)) {
    const width = cells.x1 - cells.x0 + 1;
    const height = cells.y1 - cells.y0 + 1;
    if (width * height <= CELL_LOOKUPS_MAX)
      return summedPerCell(
        sql`select c.cx, c.cy, c.n, c.lat_sum, c.lng_sum
          from generate_series(0, ${width * height - 1}::integer) as i
          join ${property_map_cells} c on c.level = ${level}
            and c.cx = ${cells.x0}::integer + i / ${height}::integer
            and c.cy = ${cells.y0}::integer + i % ${height}::integer
            and c.city_id = 0 and c.property_type_id = 0 and c.visited = false`,
        pending,
      );
  }
  // Else a range over the cells' index: the "every property" rows without filters, the filtered
  // ones with them.
  const rows = unfiltered(filters) ? [EVERY_PROPERTY] : cellConditions(filters);
  return summedPerCell(
    sql`select cx, cy, n, lat_sum, lng_sum
      from ${property_map_cells}
      where ${and(
        eq(property_map_cells.level, level),
        sql`${property_map_cells.cx} between ${cells.x0} and ${cells.x1}`,
        sql`${property_map_cells.cy} between ${cells.y0} and ${cells.y1}`,
        ...rows,
      )}`,
    pending,
  );
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
  const pending = sql`select coalesce(sum(${d.sign}) filter (where ${d.map_x} is not null), 0) as located,
        coalesce(sum(${d.sign}) filter (where ${d.map_x} is null), 0) as without
      from ${d} where ${and(sql`true`, ...deltaConditions(filters))}`;
  const kept = unfiltered(filters)
    ? sql`select
        coalesce((select sum(c.n) from generate_series(0, 15) as i
          join ${property_map_cells} c on c.level = 2 and c.cx = i / 4 and c.cy = i % 4
            and c.city_id = 0 and c.property_type_id = 0 and c.visited = false), 0) as located,
        coalesce((select c.n from ${property_map_cells} c where c.level = 0 and c.cx = 0 and c.cy = 0
            and c.city_id = 0 and c.property_type_id = 0 and c.visited = false), 0) as without`
    : sql`select coalesce(sum(n) filter (where level = 2), 0) as located,
        coalesce(sum(n) filter (where level = 0), 0) as without
      from ${property_map_cells}
      where ${and(sql`${property_map_cells.level} in (0, 2)`, ...cellConditions(filters))}`;
  return sql`select (k.located + p.located)::integer as located,
      (k.without + p.without)::integer as without
    from (${kept}) as k, (${pending}) as p`;
}

export async function totalsFromCells(db: Database, filters: CellFilters) {
  const [row] = await queryRows<{ located: number; without: number }>(
    db,
    totalsFromCellsSql(filters),
  );
  return row ?? { located: 0, without: 0 };
}

/** Pixels of the finest level inside a box (as a range on the map index); numbers or placeholders. */
export const inBox = (box: Record<keyof PixelBox, number | SQL>) =>
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
const pointsInBoxSql = (box: PixelBox, filters: PesoFilters, limit: number) =>
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

const pointsByIdSql = (ids: number[]) =>
  sql`select ${properties.id} as id, ${properties.name} as name, ${lat} as lat, ${lng} as lng
      from ${properties} where ${properties.id} = any(${`{${ids.join(',')}}`}::integer[])`;

export async function pointsById(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return queryRows<PointRow>(db, pointsByIdSql(ids));
}
