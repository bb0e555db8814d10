import { createHash } from 'node:crypto';
import { Column, is, type Query, SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Named prepared statements, one per query shape, built once per process and database: PostgreSQL
 * parses and plans each once per connection instead of on every request, which for the hot reads
 * (the list, a detail, the caller's membership) is most of the database's work. Drizzle builds
 * the SQL once too. The values travel separately, through placeholders.
 */
const statements = new WeakMap<Database, Map<string, Statement<unknown>>>();

type Statement<Row> = {
  name: string;
  prepared: { execute: (values: Record<string, unknown>) => Promise<Row[]>; getQuery: () => Query };
};

/**
 * `once`: a named statement, parsed and planned once per connection. `per-execution`: unnamed,
 * so PostgreSQL plans it with each execution's values (a search: see property-query.ts); Drizzle
 * still builds its SQL and row mapper once.
 */
export type Planning = 'once' | 'per-execution';

export function prepared<Row>(
  db: Database,
  shape: string,
  build: () => PreparableQuery<Row>,
  planning: Planning = 'once',
) {
  let byShape = statements.get(db);
  if (!byShape) {
    byShape = new Map();
    statements.set(db, byShape);
  }
  let statement = byShape.get(shape);
  if (!statement) {
    // PostgreSQL truncates names at 63 bytes: a digest keeps distinct shapes distinct.
    const name =
      planning === 'once'
        ? `bec_${createHash('sha256').update(shape).digest('hex').slice(0, 24)}`
        : '';
    const query = build().prepare(name);
    mapRowsDirectly(query);
    statement = { name, prepared: query } as Statement<unknown>;
    byShape.set(shape, statement);
  }
  return statement as Statement<Row>;
}

type PreparableQuery<Row> = {
  prepare: (name: string) => {
    execute: (values: Record<string, unknown>) => Promise<Row[]>;
    getQuery: () => Query;
  };
};

/** A statement and the values of one execution. */
export type Bound<Row> = { statement: Statement<Row>; values: Record<string, unknown> };

export const run = <Row>({ statement, values }: Bound<Row>) => statement.prepared.execute(values);

/** What Drizzle 0.45's prepared queries (node-postgres and PGlite alike) keep about a select. */
type SelectedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
type DrizzlePrepared = {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

// An SQL's decoder is its `.mapWith()` (Drizzle marks the property internal).
const decoderOf = (field: unknown): Decoder | null =>
  is(field, Column)
    ? field
    : is(field, SQL)
      ? (field as unknown as { decoder: Decoder }).decoder
      : null;

/**
 * Drizzle maps each cell through a generic walk (entity checks, path iteration, join
 * nullability), which was a tenth of a list request's CPU. For a flat select, the same decoders
 * are looked up once here and each row becomes an object in one step. It hooks Drizzle's own
 * `customResultMapper` slot; any other shape keeps Drizzle's mapping. The API tests compare both
 * mappings on both drivers, so an upgrade that moves these internals fails there.
 */
function mapRowsDirectly(query: unknown) {
  const prepared = query as DrizzlePrepared;
  const fields = prepared.fields;
  if (!fields || prepared.customResultMapper) return;
  const keys: string[] = [];
  const decoders: Decoder[] = [];
  for (const { path, field } of fields) {
    const decoder = decoderOf(field);
    if (path.length !== 1 || !path[0] || !decoder) return;
    keys.push(path[0]);
    decoders.push(decoder);
  }
  prepared.customResultMapper = rowMapper(keys, decoders);
}

/**
 * One row as an object literal with the select's keys, compiled once per statement: every row
 * gets the same hidden class at once, where assigning keys in a loop goes through V8's slow
 * megamorphic stores. The keys are the select's own aliases (written in the repositories, never
 * user input), and JSON.stringify quotes them anyway.
 */
function rowMapper(keys: string[], decoders: Decoder[]): (rows: unknown[][]) => unknown[] {
  const cells = keys.map(
    (key, i) =>
      `${JSON.stringify(key)}: row[${i}] === null ? null : d[${i}].mapFromDriverValue(row[${i}])`,
  );
  const toObject = new Function('d', `return (row) => ({ ${cells.join(', ')} });`)(decoders) as (
    row: unknown[],
  ) => unknown;
  return (rows) => rows.map(toObject);
}
