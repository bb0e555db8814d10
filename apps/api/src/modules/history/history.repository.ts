import type { AuditAction, HistoryChanges } from '@bec/contracts';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { areaColumns, withNames } from '../../db/property-query.js';
import {
  access_audit,
  brokers,
  cities,
  properties,
  property_history,
  property_types,
} from '../../db/schema.js';

export type NewHistoryEntry = {
  property_id: number;
  actor_id: number | null;
  actor_name: string | null;
  changes: HistoryChanges;
  at?: Date;
};

/** Appends entries in the caller's transaction (the table refuses anything but inserts). */
export async function appendPropertyHistory(tx: Database, entries: NewHistoryEntry[]) {
  if (!entries.length) return;
  await tx.insert(property_history).values(
    entries.map((e) => ({
      property_id: e.property_id,
      actor_id: e.actor_id,
      actor_name: e.actor_name,
      kind: e.changes.kind,
      changes: e.changes,
      ...(e.at ? { at: e.at } : {}),
    })),
  );
}

export type HistoryRow = typeof property_history.$inferSelect;

/** A property's entries, newest first, before the entry `beforeId` (keyset on the id). */
export const listPropertyHistory = (
  db: Database,
  propertyId: number,
  limit: number,
  beforeId: number | undefined,
) =>
  db
    .select()
    .from(property_history)
    .where(
      and(
        eq(property_history.property_id, propertyId),
        beforeId === undefined ? undefined : lt(property_history.id, beforeId),
      ),
    )
    .orderBy(desc(property_history.id))
    .limit(limit);

export const propertyExists = async (db: Database, id: number) =>
  (await db.select({ id: properties.id }).from(properties).where(eq(properties.id, id)).limit(1))
    .length > 0;

/** Whether a property ever had a history (one deleted since keeps it). */
export const historyExists = async (db: Database, propertyId: number) =>
  (
    await db
      .select({ id: property_history.id })
      .from(property_history)
      .where(eq(property_history.property_id, propertyId))
      .limit(1)
  ).length > 0;

export type NewAuditEntry = {
  action: AuditAction;
  actor: { id: number | null; name: string; email: string } | null;
  subject: { email: string; name: string | null };
  details: Record<string, unknown>;
};

/** Appends one access decision in the caller's transaction. */
export async function appendAudit(tx: Database, entry: NewAuditEntry) {
  await tx.insert(access_audit).values({
    action: entry.action,
    actor_id: entry.actor?.id ?? null,
    actor_name: entry.actor?.name ?? null,
    actor_email: entry.actor?.email.toLowerCase() ?? null,
    subject_email: entry.subject.email.toLowerCase(),
    subject_name: entry.subject.name,
    details: entry.details,
  });
}

export type AuditRow = typeof access_audit.$inferSelect;

export type AuditFilters = {
  /** An exact email (lower case): looked up on the subject's and the actor's email indexes. */
  email?: string | undefined;
  /** Free text: matched anywhere in the names and emails, ignoring case and accents. */
  text?: string | undefined;
  /** Chile days, `YYYY-MM-DD`, both included. */
  from?: string | undefined;
  to?: string | undefined;
  action?: AuditAction | undefined;
};

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the audit, newest first: (at, id) descending, after the cursor's (at, id). */
export function listAudit(
  db: Database,
  filters: AuditFilters,
  limit: number,
  after: { at: Date; id: number } | null,
) {
  const conditions: (SQL | undefined)[] = [];
  if (filters.email)
    conditions.push(
      or(
        eq(access_audit.subject_email, filters.email),
        eq(access_audit.actor_email, filters.email),
      ),
    );
  if (filters.text) {
    // The audit holds a few decisions a week: a scan of it is bounded and cheap.
    // Both sides lower case without accents: "jose" finds "José", "ÑUÑOA" finds "ñuñoa".
    conditions.push(
      sql`lower(unaccent(concat_ws(' ', ${access_audit.subject_email}, ${access_audit.subject_name}, ${access_audit.actor_email}, ${access_audit.actor_name}))) like ('%' || lower(unaccent(${likeEscaped(filters.text)})) || '%')`,
    );
  }
  if (filters.from)
    conditions.push(
      sql`${access_audit.at} >= (${filters.from}::date)::timestamp at time zone 'America/Santiago'`,
    );
  if (filters.to)
    conditions.push(
      sql`${access_audit.at} < (${filters.to}::date + 1)::timestamp at time zone 'America/Santiago'`,
    );
  if (filters.action) conditions.push(eq(access_audit.action, filters.action));
  if (after)
    conditions.push(
      sql`(${access_audit.at}, ${access_audit.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::bigint)`,
    );
  return db
    .select()
    .from(access_audit)
    .where(and(...conditions))
    .orderBy(desc(access_audit.at), desc(access_audit.id))
    .limit(limit);
}

/**
 * What a property's history compares before and after an edit: the fields as people read them
 * (names, not ids, for the comuna, type and broker; the price with its unit).
 */
export async function historySnapshot(db: Database, id: number) {
  const [row] = await withNames(
    db
      .select({
        name: properties.name,
        address: properties.address,
        comuna: cities.name,
        property_type: property_types.name,
        price_amount: properties.price_amount,
        price_unit: properties.price_unit,
        ...areaColumns,
        broker: brokers.name,
        google_maps_url: properties.google_maps_url,
        latitude: properties.latitude,
        longitude: properties.longitude,
        notes: properties.notes,
        stage: properties.stage,
        discard_reason: properties.discard_reason,
      })
      .from(properties)
      .$dynamic(),
  )
    .leftJoin(brokers, eq(brokers.id, properties.broker_id))
    .where(eq(properties.id, id));
  if (!row) return null;
  const { price_amount, price_unit, stage, discard_reason, ...fields } = row;
  return {
    fields: { ...fields, price: { amount: price_amount, unit: price_unit } },
    stage,
    discard_reason,
  };
}
