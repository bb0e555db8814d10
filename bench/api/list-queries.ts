import {
  appliedUfValue,
  type Bound,
  countMatches,
  type Database,
  decodePropertyCursor,
  listPage,
  type PropertyCursor,
  run,
  ufToPesos,
} from '@bec/api/tools';
import { ListPropertiesQuerySchema } from '@bec/contracts';
import { fillPlaceholders } from 'drizzle-orm';

/**
 * SQL text, its parameter values, and the prepared-statement name when the API uses one (empty
 * for a statement PostgreSQL plans with each execution's values: a search).
 */
export type BuiltQuery = { sql: string; params: unknown[]; name?: string };

/** What one list page costs the database, as the API runs it. */
export type PageQueries = {
  /** The page's rows: all a page runs in steady state. */
  rows: BuiltQuery;
  /** What the rows would have carried (the version, the UF), run only when a page is empty. */
  head: BuiltQuery;
  /**
   * The filtered count up to 1,001 matches, which the service runs once per filter and write
   * version (match-counts.ts), not per page: explained, not load-tested.
   */
  count: BuiltQuery;
  /** Which repository shape was mirrored, for the progress output. */
  shape: string;
};

/** A prepared statement's text, with its placeholders filled as Drizzle fills them to execute. */
export const bound = <Row>({ statement, values }: Bound<Row>): BuiltQuery => {
  const query = statement.prepared.getQuery();
  return { sql: query.sql, params: fillPlaceholders(query.params, values), name: statement.name };
};

/**
 * The query string as `list()` in properties.service.ts reads it: parsed by the contract, price
 * bounds in UF converted to pesos with the UF in use, the cursor decoded.
 */
export async function parseListSearch(db: Database, search: string) {
  const parsed = ListPropertiesQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
  const { sort, limit, cursor: rawCursor, price_unit, ...filters } = parsed;
  if (price_unit === 'UF') {
    const value = await appliedUfValue(db);
    if (value === null) throw new Error('bench: a query in UF needs a UF value in use');
    for (const key of ['price_min', 'price_max'] as const) {
      const bound = filters[key];
      if (bound !== undefined) filters[key] = ufToPesos(bound, value);
    }
  }
  const cursor: PropertyCursor | null = rawCursor ? decodePropertyCursor(rawCursor, sort) : null;
  return { filters, sort, limit, cursor };
}

/**
 * Mirrors `list()` in properties.service.ts in steady state: the query string read as it reads
 * it, `limit + 1` rows asked for, and the same repository call with the same arguments, the
 * filter's count and the total already known (a search then runs its search plan, ADR 057), so
 * the SQL is exactly the API's (named prepared statements, unnamed for a search the count does not
 * settle), built by the API's own code. A page runs `rows`, and `head` only when they come back
 * empty; the count is cached by the service.
 */
export async function pageQueries(db: Database, search: string): Promise<PageQueries> {
  const { filters, sort, limit, cursor } = await parseListSearch(db, search);
  const unknown = listPage(db, filters, sort, limit + 1, cursor);
  const [head] = await run(unknown.head);
  const counted = unknown.filtered ? await countMatches(db, unknown, filters) : undefined;
  const known = counted && head ? { matches: counted.total, total: head.all_count } : undefined;
  const page = listPage(db, filters, sort, limit + 1, cursor, known);
  return {
    rows: bound(page.rows),
    head: bound(page.head),
    count: bound(page.count),
    shape: `listPage (prepared statements${page.search ? `; search plan ${page.search}` : ''})`,
  };
}
