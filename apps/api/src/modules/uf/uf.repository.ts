import type { UfSource, UfStoredValue, UfValue } from '@bec/contracts';
import { desc, lt, lte, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { properties, uf_fetch, uf_pricing, uf_values } from '../../db/schema.js';
import { isoText } from '../../db/timestamps.js';
import type { PublishedUf } from './sources/index.js';

/**
 * Serializes re-pricing across every API process sharing the database (transaction-scoped, so a
 * process that dies mid-way releases it). Any constant works; it only has to be the same in every
 * process (the migration lock is 0x6265_6301).
 */
const REPRICE_LOCK = 0x6265_6302;

const valueColumns = { date: uf_values.date, value: uf_values.value, source: uf_values.source };

/** The value in effect on `today`: the latest one dated today or before. */
export async function inEffect(db: Database, today: string): Promise<UfValue | null> {
  const [row] = await db
    .select(valueColumns)
    .from(uf_values)
    .where(lte(uf_values.date, today))
    .orderBy(desc(uf_values.date))
    .limit(1);
  return row ?? null;
}

/** The value the stored peso prices of UF-priced properties were computed with. */
export async function applied(db: Database): Promise<UfValue | null> {
  const [row] = await db
    .select({ date: uf_pricing.date, value: uf_pricing.value, source: uf_pricing.source })
    .from(uf_pricing);
  return row?.date && row.value !== null && row.source
    ? { date: row.date, value: row.value, source: row.source }
    : null;
}

/** Whether the value in effect differs from the one prices use, in one cheap round trip. */
export async function pricingIsStale(db: Database, today: string) {
  const [row] = await queryRows<{ stale: boolean }>(
    db,
    sql`select
      (select row(${uf_values.date}, ${uf_values.value}, ${uf_values.source}) from ${uf_values}
        where ${uf_values.date} <= ${today} order by ${uf_values.date} desc limit 1)
      is distinct from
      (select row(${uf_pricing.date}, ${uf_pricing.value}, ${uf_pricing.source}) from ${uf_pricing}
        where ${uf_pricing.date} is not null) as stale`,
  );
  return Boolean(row?.stale);
}

const storedColumns = { ...valueColumns, stored_at: isoText(uf_values.stored_at) };

/** Stored values, newest date first, before `beforeDate` (the previous page's last). */
export const listValues = (db: Database, beforeDate: string | undefined, limit: number) =>
  db
    .select(storedColumns)
    .from(uf_values)
    .where(beforeDate === undefined ? undefined : lt(uf_values.date, beforeDate))
    .orderBy(desc(uf_values.date))
    .limit(limit) as Promise<UfStoredValue[]>;

/**
 * Stores published values: new days are added, a day whose value or source differs is replaced
 * (a published value corrects a hand-entered or demo one), and an unchanged day is not touched.
 * Answers how many days were added or changed.
 */
export async function storeValues(db: Database, values: PublishedUf[], source: UfSource) {
  if (!values.length) return 0;
  const rows = await db
    .insert(uf_values)
    .values(values.map((v) => ({ date: v.date, value: v.value, source })))
    .onConflictDoUpdate({
      target: uf_values.date,
      set: { value: sql`excluded.value`, source: sql`excluded.source`, stored_at: sql`now()` },
      setWhere: sql`(${uf_values.value}, ${uf_values.source}) is distinct from (excluded.value, excluded.source)`,
    })
    .returning({ date: uf_values.date });
  return rows.length;
}

/** Stores one day's value as entered by an admin, replacing whatever that day had. */
export async function storeManual(db: Database, date: string, value: number) {
  const [row] = await db
    .insert(uf_values)
    .values({ date, value, source: 'manual' })
    .onConflictDoUpdate({
      target: uf_values.date,
      set: { value: sql`excluded.value`, source: sql`excluded.source`, stored_at: sql`now()` },
    })
    .returning(storedColumns);
  if (!row) throw new Error('insert returned no row');
  return row as UfStoredValue;
}

/** Takes the re-pricing lock for the rest of the transaction: waiting for it, or only if free. */
export async function lockRepricing(tx: Database, { wait }: { wait: boolean }) {
  if (wait) {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPRICE_LOCK})`);
    return true;
  }
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${REPRICE_LOCK}) as locked`,
  );
  return Boolean(row?.locked);
}

/**
 * UF rows re-priced per statement. One statement for every row of a large table outlasts
 * DATABASE_TIMEOUT, and a statement silent that long loses its connection (db/client.ts); a batch
 * stays well inside it however many rows the UF moves (the figures:
 * bench/reports/2026-12-08-figures-from-comments.md).
 */
const REPRICE_BATCH = 10_000;

/**
 * Re-prices the UF rows whose peso price is not round(amount × value) (null without a value):
 * only those are written, so running it again changes nothing. The properties_price trigger does
 * the arithmetic with the value handed over in `bec.uf_value` (this transaction only), the same
 * arithmetic as for any other write. Batches of `batch` rows in id order, all in the caller's
 * transaction; a batch short of `batch` is the last. Answers how many rows changed.
 */
export async function repriceRows(tx: Database, value: number | null, batch = REPRICE_BATCH) {
  await tx.execute(
    sql`select set_config('bec.uf_value', ${value === null ? 'none' : String(value)}, true)`,
  );
  let repriced = 0;
  let after = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number; last: number | null }>(
      tx,
      sql`with changed as (
        update ${properties} set "price_amount" = "price_amount"
        where "id" in (
          select "id" from ${properties}
          where "price_unit" = 'UF' and "id" > ${after}
            and "price" is distinct from round("price_amount" * ${value}::numeric)
          order by "id" limit ${sql.raw(String(Math.trunc(batch)))}
        )
        returning "id"
      ) select count(*)::int as n, max("id") as last from changed`,
    );
    const n = Number(row?.n ?? 0);
    repriced += n;
    if (n < batch || row?.last == null) return repriced;
    after = Number(row.last);
  }
}

/**
 * Records the value the peso prices now use. The UPDATE waits for transactions that are writing
 * a UF row right now (their trigger holds this row FOR SHARE and read the old value); once it has
 * the row, any later UF write waits for this transaction to end and then reads the new value.
 */
export async function setApplied(tx: Database, value: UfValue | null) {
  await tx
    .update(uf_pricing)
    .set({
      date: value?.date ?? null,
      value: value?.value ?? null,
      source: value?.source ?? null,
      priced_at: sql`now()`,
    })
    .where(sql`${uf_pricing.only}`);
}

/**
 * Claims the fetch for `leaseMs` if nobody holds it and (unless `force`) it is due. One process
 * wins; the others get false. The database's clock decides, so the processes' clocks may differ.
 */
export async function claimFetch(
  db: Database,
  { leaseMs, force }: { leaseMs: number; force: boolean },
) {
  const rows = await queryRows<{ claimed: boolean }>(
    db,
    sql`update ${uf_fetch} set "lease_until" = now() + ${leaseMs} * interval '1 millisecond'
      where ("lease_until" is null or "lease_until" <= now())
        and (${force}::boolean or "next_at" is null or "next_at" <= now())
      returning true as claimed`,
  );
  return rows.length > 0;
}

/** Releases the fetch and schedules the next one, recording how this one went. */
export async function finishFetch(
  db: Database,
  { nextInMs, failure }: { nextInMs: number; failure: string | null },
) {
  await db.execute(
    sql`update ${uf_fetch} set "lease_until" = null,
      "next_at" = now() + ${nextInMs} * interval '1 millisecond',
      "succeeded_at" = case when ${failure}::text is null then now() else "succeeded_at" end,
      "failed_at" = case when ${failure}::text is null then "failed_at" else now() end,
      "failure" = ${failure}::text`,
  );
}
