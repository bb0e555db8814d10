import { type SQL, sql } from 'drizzle-orm';
import { type Database, MIGRATION_LOCK, queryRows } from '../../db/client.js';

/**
 * The database side of backups, in SQL over PostgreSQL's own catalogs rather than the Drizzle
 * schema: every table of the `public` schema is dumped, including ones added after this was
 * written, and rows travel as the JSON PostgreSQL itself writes and reads (`row_to_json`,
 * `json_populate_recordset`), so no value passes through JavaScript's numbers or dates on the way.
 */

/** A table as a backup sees it. */
export type TableInfo = {
  name: string;
  /** The stored columns, in table order: generated ones (map_x, stage_rank) are left out. */
  columns: string[];
  /** The primary key's columns with their SQL types, for keyset batches. */
  primaryKey: { name: string; type: string }[];
  /** Columns numbered by a sequence (identity or serial), with the sequence's name. */
  sequences: { column: string; sequence: string }[];
  /** The other tables its foreign keys point at. */
  references: string[];
};

/** Where a sequence stood: what `setval(sequence, last_value, is_called)` puts back. */
export type SequenceState = { column: string; last_value: string; is_called: boolean };

const table = (name: string) => sql`${sql.identifier('public')}.${sql.identifier(name)}`;
const list = (names: string[]) =>
  sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );

/** The names of the tables in the `public` schema, sorted. */
export async function tableNames(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * Every table of the `public` schema with what dumping and loading it needs, in an order that
 * loads: each after the tables its foreign keys point at (ties by name).
 */
export async function describeTables(db: Database): Promise<TableInfo[]> {
  const columns = await queryRows<{
    table_name: string;
    name: string;
    type: string;
    generated: boolean;
    primary_position: number | null;
    sequence: string | null;
  }>(
    db,
    sql`select c.relname as table_name, a.attname as name,
          format_type(a.atttypid, a.atttypmod) as type, a.attgenerated <> '' as generated,
          array_position(i.indkey::int2[], a.attnum) as primary_position,
          pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname, a.attnum`,
  );
  const references = await queryRows<{ from_table: string; to_table: string }>(
    db,
    sql`select distinct f.relname as from_table, t.relname as to_table
        from pg_constraint k
        join pg_class f on f.oid = k.conrelid
        join pg_class t on t.oid = k.confrelid
        join pg_namespace n on n.oid = f.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and f.oid <> t.oid`,
  );

  const tables = new Map<string, TableInfo>();
  const keyPositions = new Map<string, Map<string, number>>();
  for (const column of columns) {
    let info = tables.get(column.table_name);
    if (!info) {
      info = {
        name: column.table_name,
        columns: [],
        primaryKey: [],
        sequences: [],
        references: [],
      };
      tables.set(column.table_name, info);
      keyPositions.set(column.table_name, new Map());
    }
    if (!column.generated) info.columns.push(column.name);
    if (column.primary_position !== null) {
      info.primaryKey.push({ name: column.name, type: column.type });
      keyPositions.get(column.table_name)?.set(column.name, Number(column.primary_position));
    }
    if (column.sequence) info.sequences.push({ column: column.name, sequence: column.sequence });
  }
  for (const info of tables.values()) {
    const positions = keyPositions.get(info.name);
    info.primaryKey.sort((a, b) => (positions?.get(a.name) ?? 0) - (positions?.get(b.name) ?? 0));
  }
  for (const { from_table, to_table } of references) {
    tables.get(from_table)?.references.push(to_table);
  }
  return loadOrder([...tables.values()]);
}

/** Tables ordered so that each comes after those it references; a cycle is a schema BEC lacks. */
function loadOrder(tables: TableInfo[]): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  let remaining = [...tables].sort((a, b) => (a.name < b.name ? -1 : 1));
  while (remaining.length) {
    const ready = remaining.filter((t) => t.references.every((r) => placed.has(r)));
    if (ready.length === 0) {
      throw new Error(
        `Foreign keys form a cycle among ${remaining.map((t) => t.name).join(', ')}: no load order.`,
      );
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
    remaining = remaining.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/**
 * A table's rows as JSON lines (one object per row, its stored columns as PostgreSQL writes them),
 * `batchSize` at a time by keyset on the primary key: memory stays bounded whatever the size.
 */
export async function* tableBatches(
  db: Database,
  info: TableInfo,
  batchSize: number,
): AsyncGenerator<string[]> {
  if (info.primaryKey.length === 0) throw new Error(`Table ${info.name} has no primary key.`);
  const key = list(info.primaryKey.map((k) => k.name));
  const keyText = sql.join(
    info.primaryKey.map(
      (k, i) => sql`${sql.identifier(k.name)}::text as ${sql.identifier(`k${i}`)}`,
    ),
    sql`, `,
  );
  let after: string[] | null = null;
  for (;;) {
    const bound: SQL = after
      ? sql`where (${key}) > (${sql.join(
          after.map((value, i) => sql`${value}::${sql.raw(info.primaryKey[i]?.type ?? 'text')}`),
          sql`, `,
        )})`
      : sql``;
    // The subquery's alias must not be a column name: `row_to_json(t)` would take the column.
    const rows = await queryRows<Record<string, string>>(
      db,
      sql`select row_to_json(bec_row)::text as bec_line, ${keyText}
          from (select ${list(info.columns)} from ${table(info.name)} ${bound}
                order by ${key} limit ${batchSize}) bec_row
          order by ${key}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => row.bec_line ?? '');
    const last = rows[rows.length - 1] ?? {};
    after = info.primaryKey.map((_, i) => last[`k${i}`] ?? '');
    if (rows.length < batchSize) return;
  }
}

/** Where each of a table's sequences stands. */
export async function sequenceStates(db: Database, info: TableInfo): Promise<SequenceState[]> {
  const states: SequenceState[] = [];
  for (const { column, sequence } of info.sequences) {
    // pg_get_serial_sequence answers a name already quoted as needed.
    const [row] = await queryRows<{ last_value: string | number; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${sql.raw(sequence)}`,
    );
    if (row) states.push({ column, last_value: String(row.last_value), is_called: row.is_called });
  }
  return states;
}

/** The tables, among `names`, that hold at least one row. */
export async function tablesWithRows(db: Database, names: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of names) {
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select from ${table(name)}) as any`,
    );
    if (row?.any) found.push(name);
  }
  return found;
}

/**
 * Serialises restores and migrations across processes (the same lock the server migrates under),
 * until the transaction ends.
 */
export async function lockMigrations(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
}

/**
 * Turns the tables' own triggers off or on (the foreign keys' system triggers stay on). Loading a
 * backup row by row must not run them: the rows already hold what the triggers derive, and the
 * derived tables (map cells, the total) and the append-only history come in the backup as they
 * were. The table's owner may do this without being a superuser; it ends with the transaction.
 */
export async function setUserTriggers(tx: Database, names: string[], enabled: boolean) {
  for (const name of names) {
    await tx.execute(
      enabled
        ? sql`alter table ${table(name)} enable trigger user`
        : sql`alter table ${table(name)} disable trigger user`,
    );
  }
}

/** Empties tables (children first), with their triggers already off. */
export async function clearTables(tx: Database, names: string[]) {
  for (const name of [...names].reverse()) await tx.execute(sql`delete from ${table(name)}`);
}

/**
 * Inserts rows given as JSON lines, identity values included: PostgreSQL parses each value into
 * its column's type itself (numeric, tsvector, jsonb, timestamps: exactly as dumped).
 */
export async function insertRows(tx: Database, name: string, columns: string[], lines: string[]) {
  if (lines.length === 0) return;
  await tx.execute(
    sql`insert into ${table(name)} (${list(columns)}) overriding system value
        select ${list(columns)} from json_populate_recordset(null::${table(name)}, ${`[${lines.join(',')}]`}::json)`,
  );
}

/**
 * Puts a sequence back where it stood in the backup (so ids of deleted rows, which history still
 * names, are not handed out again), or past the largest id if a row is beyond that.
 */
export async function restoreSequence(
  tx: Database,
  info: TableInfo,
  state: SequenceState,
): Promise<void> {
  const sequence = info.sequences.find((s) => s.column === state.column)?.sequence;
  if (!sequence) throw new Error(`${info.name}.${state.column} has no sequence.`);
  await tx.execute(
    sql`select case when m.top >= ${state.last_value}::bigint
             then setval(${sequence}::regclass, m.top, true)
             else setval(${sequence}::regclass, ${state.last_value}::bigint, ${state.is_called}::boolean) end
        from (select coalesce(max(${sql.identifier(state.column)}), 0)::bigint as top
              from ${table(info.name)}) m`,
  );
}

/** Fresh planner statistics after a bulk load (PGlite runs no autovacuum). */
export async function analyze(db: Database, names: string[]) {
  if (names.length) await db.execute(sql`analyze ${sql.join(names.map(table), sql`, `)}`);
}
