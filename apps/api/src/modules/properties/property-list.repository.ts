import { PROPERTY_COUNT_CAP, PROPERTY_STAGES, type PropertySort } from '@bec/contracts';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import { type Bound, prepared } from '../../db/prepared.js';
import { propertiesCount, propertiesVersion } from '../../db/properties-total.js';
import {
  activeFilters,
  FILTERS,
  type FilterKey,
  filterConditions,
  noSearchWords,
  type PesoFilters,
  PRICE_HIGH,
  PRICE_LOW,
  priceSideOf,
  searchAlongSort,
  searchRank,
  searchThroughIndex,
  ufColumns,
  withNames,
} from '../../db/property-query.js';
import {
  AREA_UNKNOWN_KEY,
  cities,
  PPSQM_NULL_LAST_ASC,
  PPSQM_NULL_LAST_DESC,
  PRICE_NULL_LAST_ASC,
  PRICE_NULL_LAST_DESC,
  properties,
  properties_total,
  property_photos,
  property_types,
  regions,
} from '../../db/schema.js';
import { isoText } from '../../db/timestamps.js';
import type { PropertyCursor } from './property-cursor.js';

/*
 * The list query: a page of cards under any sort and filters (prepared statements the bench runs
 * too), the matches' count and PostgreSQL's estimate of it.
 */

export { run } from '../../db/prepared.js';

type SortSpec = {
  /** A column, or the exact expression of an index (the planner matches it textually). */
  key: PgColumn | SQL;
  direction: 'asc' | 'desc';
  cast: 'timestamptz' | 'bigint' | 'numeric' | 'smallint' | 'real';
};

/** Price per m² with unknown values last in either direction; schema.ts indexes both. */
const ppsqmKey = (nullsAs: string) =>
  sql`coalesce(${properties.price_per_sqm}, ${sql.raw(nullsAs)})`;

/** Built area with an unknown one (ADR 048) below every known one; schema.ts indexes it. */
const areaKey = sql`coalesce(${properties.building_sqmts}, ${sql.raw(AREA_UNKNOWN_KEY)})`;

export const SORTS: Record<PropertySort, SortSpec> = {
  newest: { key: properties.created_at, direction: 'desc', cast: 'timestamptz' },
  oldest: { key: properties.created_at, direction: 'asc', cast: 'timestamptz' },
  price_asc: { key: PRICE_HIGH, direction: 'asc', cast: 'bigint' },
  price_desc: { key: PRICE_LOW, direction: 'desc', cast: 'bigint' },
  area_asc: { key: areaKey, direction: 'asc', cast: 'numeric' },
  area_desc: { key: areaKey, direction: 'desc', cast: 'numeric' },
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
      return row.building_sqmts ?? Number(AREA_UNKNOWN_KEY);
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

/**
 * Row-value comparison, so (key, id) pairs walk the matching composite index. `once`: the cursor's
 * values as subqueries (InitPlans), for a search plan (ADR 057): with the values in sight, its
 * half-way pages' custom plans looked cheaper than the generic one, so PostgreSQL planned every
 * execution anew, at half the pages per second (bench/reports/2026-12-08-figures-from-comments.md).
 */
function afterCursor(
  spec: SortSpec,
  {
    key = spec.key,
    id = properties.id,
    once = false,
  }: { key?: SQL | PgColumn; id?: SQL | PgColumn; once?: boolean } = {},
): SQL {
  const op = spec.direction === 'desc' ? sql`<` : sql`>`;
  const value = sql`${sql.placeholder('after_value')}::${sql.raw(spec.cast)}`;
  const after = sql`${sql.placeholder('after_id')}::integer`;
  return once
    ? sql`(${key}, ${id}) ${op} ((select ${value}), (select ${after}))`
    : sql`(${key}, ${id}) ${op} (${value}, ${after})`;
}

export const cardColumns = {
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
  rooms: properties.rooms,
  bathrooms: properties.bathrooms,
  parking_spaces: properties.parking_spaces,
  common_expenses: properties.common_expenses,
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
 * cheap) and the write version that filtered counts are cached at (see match-counts.ts).
 */
const pageColumns = {
  all_count: sql<number>`${propertiesCount}`.mapWith(Number),
  version: sql<string>`${propertiesVersion}`,
};

/**
 * How a search page (a sort other than relevance) finds its rows once the count of its matches is
 * known (ADR 057), as a named statement planned once either way, with the same rows in the same
 * order: `along-sort` walks the sort's index and checks each row for the words (a common word: a
 * page reads about limit × total ÷ matches rows); `through-index` takes every match from the GIN
 * index and sorts them (a rare word: a page reads its matches).
 */
export type SearchPlan = 'along-sort' | 'through-index';

/** What the service knows of a filter before running its page: its matches and the total. */
export type KnownMatches = { matches: number; total: number };

/** The search plan for a page, or null to plan the search with its words (per execution). */
function searchPlanFor(
  keys: FilterKey[],
  sort: PropertySort,
  limit: number,
  known: KnownMatches | undefined,
): SearchPlan | null {
  if (!known || sort === 'relevance' || !keys.includes('q')) return null;
  // A range's best plan depends on its values too: such a search stays planned per execution.
  if (keys.some((key) => key !== 'q' && plannedWithValues(key))) return null;
  // The walk reads about limit × total ÷ matches rows, the index the matches: the fewer.
  return known.matches * known.matches >= limit * known.total ? 'along-sort' : 'through-index';
}

/**
 * The page's ids by way of the GIN index: every match, fenced by `offset 0` so the planner cannot
 * turn it back into a walk of the sort's index, then after the cursor (outside the fence, or the
 * planner ANDs the GIN bitmap with half the sort's index), and their first `limit` by the sort.
 * The second branch answers a search of stop words only (no search: the other filters' first
 * `limit` after the cursor); its condition is a constant of the execution, so the branch not taken
 * never runs, and its own `limit` keeps its estimate small (a plan estimated dear is JIT-compiled
 * on every execution).
 */
function idsThroughIndex(spec: SortSpec, others: SQL[], cursor: boolean, limit: number): SQL {
  const q = sql.placeholder('q');
  const direction = sql.raw(spec.direction);
  const top = sql.raw(String(Math.trunc(limit)));
  const columns = sql`${properties.id} as id, ${spec.key} as key from ${properties}`;
  const fenced = sql`(select ${columns} where ${and(searchThroughIndex(q), ...others)} offset 0)`;
  const matches = cursor
    ? sql`(select g.id, g.key from ${fenced} g where ${afterCursor(spec, { key: sql`g.key`, id: sql`g.id`, once: true })})`
    : fenced;
  const noSearch = sql`(select ${columns} where ${and(noSearchWords(q), ...others, cursor ? afterCursor(spec, { once: true }) : undefined)} order by ${spec.key} ${direction}, ${properties.id} ${direction} limit ${top})`;
  return sql`${properties.id} in (select m.id from (${matches} union all ${noSearch}) m order by m.key ${direction}, m.id ${direction} limit ${top})`;
}

/** A page of cards, newest or however sorted, after the cursor if there is one. */
function listQuery(
  db: Database,
  sort: PropertySort,
  filters: FilterKey[],
  cursor: boolean,
  limit: number,
  search: SearchPlan | null,
) {
  const spec = SORTS[sort];
  const side = priceSideOf(sort);
  const others = filters
    .filter((key) => search === null || key !== 'q')
    .map((key) => FILTERS[side][key](sql.placeholder(key)));
  const after = cursor ? [afterCursor(spec, { once: search !== null })] : [];
  const conditions =
    search === 'along-sort'
      ? [...others, ...after, searchAlongSort(sql.placeholder('q'))]
      : search === 'through-index'
        ? [idsThroughIndex(spec, others, cursor, limit)]
        : [...others, ...after];
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

/** The filters' values, which name the count they share (match-counts.ts). */
export const filtersKey = (filters: PesoFilters) => JSON.stringify(activeFilters(filters).values);

/**
 * What one list page runs, as prepared statements with their values: `rows`, `head` for when a
 * page comes back empty, and `count` for when the matches need counting. A search or a range is
 * planned with its values every time (an unnamed statement: see plannedWithValues), but for a
 * search whose matches are `known`, which gets a search plan of its own (searchPlanFor); everything
 * else is named and planned once per connection. The benchmark runs the very same statements
 * through `pg`.
 */
export function listPage(
  db: Database,
  filters: PesoFilters,
  sort: PropertySort,
  limit: number,
  cursor: PropertyCursor | null,
  known?: KnownMatches,
) {
  const active = activeFilters(filters);
  const search = searchPlanFor(active.keys, sort, limit, known);
  const withValues = active.keys.some(plannedWithValues);
  const shape = `${sort}|${active.keys.join(',')}|${cursor ? 'after' : 'first'}|${limit}|${search ?? 'values'}`;
  const rowValues: Record<string, unknown> = { ...active.values };
  if (cursor) Object.assign(rowValues, { after_value: cursor.value, after_id: cursor.id });
  return {
    filtered: active.keys.length > 0,
    key: filtersKey(filters),
    /** How the rows are found: a search plan, or null (planned with the values, or no search). */
    search,
    rows: {
      statement: prepared<PageRow>(
        db,
        `list|${shape}`,
        () => listQuery(db, sort, active.keys, cursor !== null, limit, search),
        withValues && search === null ? 'per-execution' : 'once',
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
        withValues ? 'per-execution' : 'once',
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
