import {
  activeFilters,
  type Database,
  encodePropertyCursor,
  FILTERS,
  priceSideOf,
  properties,
  SORTS,
} from '@bec/api/tools';
import { and, asc, desc, sql } from 'drizzle-orm';
import type pg from 'pg';
import { parseListSearch } from './list-queries.js';

/** A street and a comuna: thousands of matches at any size, and typed by real users. */
const COMMON_TERM = 'providencia';
/** A remote comuna of Aysén: ~0.05% of the seed's listings (5 at 10k, ~500 at 1M). */
const RARE_TERM = 'tortel';
/** The common term as the search box sends it while it is being typed. */
const PREFIX_TERM = 'provi';
export const FILTERED_SEARCH = 'region_id=13&price_min=100000000&price_max=300000000';

/** The list scenarios: a label and the query string the SPA would send. */
export type ListScenario = { id: string; label: string; search: string };

/** The grid's lists measured at two sizes; each also with a cursor half-way through its matches. */
const LIST_BASES: ListScenario[] = [
  { id: 'first-page', label: 'first page', search: '' },
  { id: 'filtered', label: 'region 13 + price 100–300M', search: FILTERED_SEARCH },
  { id: 'search', label: `q=${COMMON_TERM}`, search: `q=${COMMON_TERM}` },
  { id: 'search-rare', label: `q=${RARE_TERM} (rare)`, search: `q=${RARE_TERM}` },
  { id: 'search-prefix', label: `q=${PREFIX_TERM} (as typed)`, search: `q=${PREFIX_TERM}` },
  {
    id: 'price-asc',
    label: 'region 13 + 100–300M, cheapest first',
    search: `${FILTERED_SEARCH}&sort=price_asc`,
  },
  { id: 'ppsqm-asc', label: 'UF/m², lowest first', search: 'sort=price_per_sqm_asc' },
  { id: 'stage', label: 'stage "to visit"', search: 'stage=to_visit' },
  // ADR 038's attribute filters, each on its partial index; the last is common filters rare
  // together (3+ D, 3+ B, GC ≤ $50.000), which walk the sort's index further to fill a page.
  { id: 'rooms', label: '3+ dormitorios', search: 'rooms_min=3' },
  { id: 'baths-parking', label: '2+ baños, 1+ estac.', search: 'bathrooms_min=2&parking_min=1' },
  { id: 'gc', label: 'GC ≤ $50.000', search: 'common_expenses_max=50000' },
  {
    id: 'attributes-rare',
    label: '3+ D, 3+ B, GC ≤ $50.000 (rare together)',
    search: 'rooms_min=3&bathrooms_min=3&common_expenses_max=50000',
  },
];

/** A list scenario as measured: how many rows match, and for a deep page, how deep it starts. */
export type ListCase = ListScenario & {
  /** The scenario it is the deep page of (its own id for a first page). */
  base: string;
  matches: number;
  /** Rows before the page: 0, or half the matches for a deep page. */
  depth: number;
};

const query = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({
  text,
  values: params,
});

/** A cursor value as the API issues it for the sort key's SQL type (see property-cursor.ts). */
function cursorValue(cast: string, value: unknown): number | string {
  if (cast === 'timestamptz') return (value as Date).toISOString();
  if (cast === 'bigint') return String(value);
  return Number(value);
}

/**
 * Each base scenario, then its deep page: the cursor of the row half-way through its matches in
 * its own order, so the deep page sits at the same relative depth at every table size and the
 * two sizes compare like with like. The matching rows are counted and found with the
 * repository's own filters and sort keys (FILTERS, SORTS), as the API's statement reads them.
 */
export async function listCases(db: Database, pool: pg.Pool): Promise<ListCase[]> {
  const cases: ListCase[] = [];
  for (const base of LIST_BASES) {
    const { filters, sort } = await parseListSearch(db, base.search);
    const spec = SORTS[sort];
    const side = priceSideOf(sort);
    const { keys, values } = activeFilters(filters);
    const where = and(...keys.map((key) => FILTERS[side][key](values[key])));
    const counted = db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .where(where)
      .toSQL();
    // Rows as arrays: the SQL's column names are Drizzle's business, their order is not.
    const matches =
      (await pool.query<[number]>({ ...query(counted), rowMode: 'array' })).rows[0]?.[0] ?? 0;
    cases.push({ ...base, base: base.id, matches, depth: 0 });
    const depth = Math.floor(matches / 2);
    if (depth < 1) continue;
    const order = spec.direction === 'desc' ? desc : asc;
    const found = db
      .select({ value: sql`${spec.key}`, id: properties.id })
      .from(properties)
      .where(where)
      .orderBy(order(spec.key), order(properties.id))
      .offset(depth - 1)
      .limit(1)
      .toSQL();
    const row = (await pool.query<[unknown, number]>({ ...query(found), rowMode: 'array' }))
      .rows[0];
    if (!row) throw new Error(`${base.label}: no row ${depth} deep`);
    const [value, id] = row;
    const cursor = encodePropertyCursor({ sort, value: cursorValue(spec.cast, value), id });
    cases.push({
      id: `${base.id}-deep`,
      label: `${base.label}, half-way`,
      search: `${base.search ? `${base.search}&` : ''}cursor=${cursor}`,
      base: base.id,
      matches,
      depth,
    });
  }
  return cases;
}
