import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, queryRows } from '../../db/client.js';
import { properties, property_match_outbox, saved_searches } from '../../db/schema.js';

/**
 * A search's predicate rendered to SQL once: the text between its values, and the values, which
 * still travel as parameters. Building 1,000 predicates' nested SQL again for every change was
 * most of a batch's time (ADR 053).
 */
export type RenderedPredicate = { pieces: string[]; values: unknown[] };
/** One followed search as the matching statement evaluates it: its id and its predicate. */
export type SearchPredicate = { id: number; predicate: RenderedPredicate };

const dialect = new PgDialect();

export function renderPredicate(predicate: SQL): RenderedPredicate {
  const query = dialect.sqlToQuery(predicate);
  // Drizzle numbers the parameters $1…$n in the order they appear; the text has no other `$`.
  const pieces = query.sql.split(/\$\d+/);
  if (pieces.length !== query.params.length + 1)
    throw new Error('a search predicate with unexpected parameters');
  return { pieces, values: query.params };
}

/** The rendered predicate back as SQL, its values as parameters again. */
const asSql = ({ pieces, values }: RenderedPredicate) => {
  const chunks: SQL[] = [sql.raw(pieces[0] ?? '')];
  for (const [i, value] of values.entries())
    chunks.push(sql`${value}`, sql.raw(pieces[i + 1] ?? ''));
  return sql.join(chunks);
};

/**
 * Writes a property's outbox row in the caller's transaction: `before` is the row as it is now,
 * so call it before the change (null: an insert, call it after).
 */
export async function insertOutboxRow(
  tx: Database,
  propertyId: number,
  actorId: number | null,
  kind: 'insert' | 'update',
) {
  await tx.execute(
    sql`insert into ${property_match_outbox} (property_id, actor_id, before)
        select p.id, ${actorId}::int, ${kind === 'update' ? sql`to_jsonb(p)` : sql`null::jsonb`}
        from ${properties} p where p.id = ${propertyId}`,
  );
}

/** Up to `limit` outbox rows in id order, locked; rows another transaction holds are skipped. */
export const lockOutboxRows = (tx: Database, limit: number) =>
  tx
    .select()
    .from(property_match_outbox)
    .orderBy(asc(property_match_outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
export type OutboxRow = Awaited<ReturnType<typeof lockOutboxRows>>[number];

export async function deleteOutboxRows(tx: Database, ids: number[]) {
  if (ids.length)
    await tx.delete(property_match_outbox).where(inArray(property_match_outbox.id, ids));
}

/** The searches someone follows: only they can alert anyone. */
export const followedSearches = (tx: Database) =>
  tx
    .select({ id: saved_searches.id, filters: saved_searches.filters })
    .from(saved_searches)
    .where(
      sql`exists (select 1 from saved_search_members m where m.saved_search_id = ${saved_searches.id} and m.subscribed)`,
    );

/**
 * A digest of the followed searches, computed by PostgreSQL without a join or a sort: the sum of
 * a 64-bit hash of each search's filters (seeded with its id) and of each subscription. While it is the same,
 * the process keeps its parsed filters and rendered predicates (a change of either changes it,
 * but for a 64-bit collision).
 */
export async function followedDigest(tx: Database): Promise<string> {
  const [row] = await queryRows<{ digest: string | null }>(
    tx,
    sql`select concat_ws(' ',
          (select count(*) || ':' || coalesce(sum(jsonb_hash_extended(s.filters, s.id)), 0)
             from ${saved_searches} s),
          (select count(*) || ':' || coalesce(sum(hashint8extended((m.saved_search_id::bigint << 32) | m.user_id, 0)), 0)
             from saved_search_members m where m.subscribed)) as digest`,
  );
  return row?.digest ?? '';
}

/** The columns a search can rule a row out by without its SQL (see PRECONDITIONS). */
export type PreconditionRow = {
  region_id: number | null;
  city_id: number | null;
  property_type_id: number | null;
  broker_id: number | null;
  stage: string | null;
  visited: boolean | null;
};

/** Those columns of the changed properties, as they are now (deleted ones are absent). */
export async function preconditionRows(tx: Database, ids: number[]) {
  const rows = await tx
    .select({
      id: properties.id,
      region_id: properties.region_id,
      city_id: properties.city_id,
      property_type_id: properties.property_type_id,
      broker_id: properties.broker_id,
      stage: properties.stage,
      visited: properties.visited,
    })
    .from(properties)
    .where(inArray(properties.id, ids));
  return new Map<number, PreconditionRow>(rows.map((r) => [r.id, r]));
}

/**
 * The ids of the searches whose predicate holds, in one statement, for the property row now and
 * (when given) for the row as it was (`before`, read back as a `properties` record).
 */
export async function matchingIds(
  tx: Database,
  searches: SearchPredicate[],
  propertyId: number,
  before: unknown,
): Promise<{ now: number[]; before: number[] }> {
  const ids = sql.join(
    searches.map((s) => sql`case when (${asSql(s.predicate)}) then ${sql.raw(String(s.id))} end`),
    sql`, `,
  );
  // The predicates once, over one or two rows: the property now, and as it was.
  const rows = await queryRows<{ is_now: boolean; matched: number[] | null }>(
    tx,
    sql`select properties.is_now, array_remove(array[${ids}]::int[], null) as matched
        from (
          select true as is_now, ${properties}.* from ${properties} where ${properties.id} = ${propertyId}
          ${
            before === null
              ? sql``
              : sql`union all select false, * from jsonb_populate_record(null::properties, ${JSON.stringify(before)}::jsonb)`
          }
        ) as properties`,
  );
  return {
    now: rows.find((r) => r.is_now)?.matched ?? [],
    before: rows.find((r) => !r.is_now)?.matched ?? [],
  };
}

/**
 * The alerts of one outbox row for the searches it newly matches: their followers who can still
 * see them (a personal one: its owner), never the author of the change. The unique index makes a
 * second pass over one row alert nobody twice.
 */
export async function insertAlerts(
  tx: Database,
  row: OutboxRow,
  searchIds: number[],
): Promise<number[]> {
  if (!searchIds.length) return [];
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into search_alerts (user_id, saved_search_id, property_id, outbox_id, reason, actor_id)
        select m.user_id, m.saved_search_id, ${row.property_id}::int, ${row.id}::bigint,
               ${row.before === null ? 'added' : 'now_matches'}, ${row.actor_id}::int
        from saved_search_members m
        join saved_searches s on s.id = m.saved_search_id
        where m.saved_search_id in (${sql.join(
          searchIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
          and m.subscribed
          and m.user_id is distinct from ${row.actor_id}::int
          and (s.scope = 'shared' or m.user_id = s.owner_id)
          and exists (select 1 from properties p where p.id = ${row.property_id}::int)
        on conflict do nothing
        returning id::float8 as id`,
  );
  return inserted.map((r) => r.id);
}
