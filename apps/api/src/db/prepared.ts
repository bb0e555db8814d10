import { createHash } from 'node:crypto';
import type { Query } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Named prepared statements, one per query shape, built once per process and database: PostgreSQL
 * parses and plans each once per connection instead of on every request, which for the hot reads
 * (the list, a detail, the caller's membership) is most of the database's work. Drizzle builds
 * the SQL once too. The values travel separately, through placeholders.
 */
const statements = new WeakMap<Database, Map<string, Statement<unknown>>>();

export type Statement<Row> = {
  name: string;
  prepared: { execute: (values: Record<string, unknown>) => Promise<Row[]>; getQuery: () => Query };
};

export function prepared<Row>(db: Database, shape: string, build: () => PreparableQuery<Row>) {
  let byShape = statements.get(db);
  if (!byShape) {
    byShape = new Map();
    statements.set(db, byShape);
  }
  let statement = byShape.get(shape);
  if (!statement) {
    // PostgreSQL truncates names at 63 bytes: a digest keeps distinct shapes distinct.
    const name = `bec_${createHash('sha256').update(shape).digest('hex').slice(0, 24)}`;
    statement = { name, prepared: build().prepare(name) } as Statement<unknown>;
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
