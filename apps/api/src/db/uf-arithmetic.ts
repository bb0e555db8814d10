import type { UfSource, UfValue } from '@bec/contracts';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client.js';
import { uf_pricing } from './schema.js';

/*
 * The UF the stored peso prices were computed with, and the arithmetic that turns a UF amount into
 * pesos as the database does: shared by the list, its CSV, the map, the statistics and the
 * comparables.
 */

/**
 * A price in UF as whole pesos, exactly as the properties_price trigger stores a UF price:
 * round(amount × value), halves away from zero, in integers (both have at most 2 decimals), so a
 * UF bound equal to a UF price lands exactly on its stored peso price.
 */
export const ufToPesos = (amount: number, value: number) =>
  Number((BigInt(Math.round(amount * 100)) * BigInt(Math.round(value * 100)) + 5_000n) / 10_000n);

/** The UF value the stored peso prices use (null while none is known). */
export async function appliedUfValue(db: Database) {
  const [row] = await db.select({ value: uf_pricing.value }).from(uf_pricing);
  return row?.value ?? null;
}

export const ufInUseSql = () =>
  sql`select ${uf_pricing.date}::text as date, ${uf_pricing.value}::text as value, ${uf_pricing.source} as source from ${uf_pricing}`;

/** The UF value in use (the one the stored peso prices were computed with), as the contracts carry it. */
export async function ufInUse(db: Database): Promise<UfValue | null> {
  const [row] = await queryRows<{ date: string | null; value: string | null; source: string }>(
    db,
    ufInUseSql(),
  );
  return row?.date && row.value
    ? { date: row.date, value: Number(row.value), source: row.source as UfSource }
    : null;
}

/** The UF a row's figures were converted with, from its `date value source` cell (ufColumns). */
export function ufOf({ uf_used }: { uf_used: string | null }): UfValue | null {
  if (uf_used === null) return null;
  const [date = '', value = '', source = ''] = uf_used.split(' ');
  return { date, value: Number(value), source: source as UfSource };
}
