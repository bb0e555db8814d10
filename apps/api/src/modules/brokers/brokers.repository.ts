import { and, asc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { escapeLike } from '../../db/property-query.js';
import { brokers, properties } from '../../db/schema.js';

const columns = {
  id: brokers.id,
  name: brokers.name,
  company: brokers.company,
  phone: brokers.phone,
  email: brokers.email,
  notes: brokers.notes,
  archived_at: brokers.archived_at,
  updated_at: brokers.updated_at,
};

/**
 * How many properties name the broker (properties_broker_idx). The outer id is written out with
 * its table: Drizzle leaves a single table's columns unqualified, which inside this subquery
 * would read the property's own id.
 */
const propertyCount = sql<number>`(select count(*) from ${properties} where ${properties.broker_id} = "brokers"."id")::int`;

export type BrokerRow = {
  id: number;
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  archived_at: Date | null;
  updated_at: Date;
};
export type BrokerListRow = BrokerRow & { property_count: number };

/** The property form's choices: active brokers by name, and `include` even if archived. */
export const listChoices = (db: Database, include: number | undefined) =>
  db
    .select(columns)
    .from(brokers)
    .where(
      include === undefined
        ? isNull(brokers.archived_at)
        : or(isNull(brokers.archived_at), eq(brokers.id, include)),
    )
    .orderBy(asc(brokers.name), asc(brokers.id));

export type BrokerSearch = { q?: string | undefined; archived: boolean };

/**
 * The search: every word of `q` in the name, company, email or phone (accents and case aside);
 * a query of digits (and the separators people type in phones) also matches the phone's digits.
 */
function searchConditions({ q, archived }: BrokerSearch): SQL[] {
  const conditions: SQL[] = [
    archived ? isNotNull(brokers.archived_at) : isNull(brokers.archived_at),
  ];
  const words = (q ?? '').split(/\s+/).filter(Boolean);
  if (!words.length) return conditions;
  const text = sql`lower(unaccent(concat_ws(' ', ${brokers.name}, ${brokers.company}, ${brokers.email}, ${brokers.phone})))`;
  const byWords = and(
    ...words.map(
      (word) => sql`${text} like '%' || lower(unaccent(${escapeLike(word)}::text)) || '%'`,
    ),
  ) as SQL;
  const digits = (q ?? '').replace(/[\s.\-()+]/g, '');
  const byPhone = /^[0-9]{3,}$/.test(digits)
    ? sql`${brokers.phone} like ${`%${digits}%`}`
    : undefined;
  conditions.push(byPhone ? (or(byWords, byPhone) as SQL) : byWords);
  return conditions;
}

/** One page by (name, id), after the cursor's broker; one row more than `limit`. */
export const listPage = (
  db: Database,
  search: BrokerSearch,
  limit: number,
  after: { name: string; id: number } | null,
) =>
  db
    .select({ ...columns, property_count: propertyCount })
    .from(brokers)
    .where(
      and(
        ...searchConditions(search),
        after ? sql`(${brokers.name}, ${brokers.id}) > (${after.name}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(brokers.name), asc(brokers.id))
    .limit(limit);

export async function countMatches(db: Database, search: BrokerSearch) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(brokers)
    .where(and(...searchConditions(search)));
  return row?.total ?? 0;
}

export async function findBroker(db: Database, id: number): Promise<BrokerListRow | undefined> {
  const [row] = await db
    .select({ ...columns, property_count: propertyCount })
    .from(brokers)
    .where(eq(brokers.id, id));
  return row;
}

/**
 * The broker, locked for the rest of the transaction (FOR UPDATE): a property add or edit naming
 * it (which reads it FOR SHARE) waits, so a delete's count of its properties stays true.
 */
export async function lockBroker(db: Database, id: number): Promise<BrokerRow | undefined> {
  const [row] = await db.select(columns).from(brokers).where(eq(brokers.id, id)).for('update');
  return row;
}

export async function countProperties(db: Database, id: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(properties)
    .where(eq(properties.broker_id, id));
  return row?.count ?? 0;
}

export type BrokerValues = {
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
};

export async function insertBroker(db: Database, values: BrokerValues, now: Date) {
  const [row] = await db
    .insert(brokers)
    .values({ ...values, created_at: now, updated_at: now })
    .returning(columns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateBroker(
  db: Database,
  id: number,
  values: Partial<BrokerValues> & { archived_at?: Date | null },
  now: Date,
) {
  const [row] = await db
    .update(brokers)
    .set({ ...values, updated_at: now })
    .where(eq(brokers.id, id))
    .returning(columns);
  return row;
}

export async function deleteBroker(db: Database, id: number) {
  await db.delete(brokers).where(eq(brokers.id, id));
}
