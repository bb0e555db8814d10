import type { FieldChange, HistoryChanges, HistoryValue } from '@bec/contracts';
import type { Database } from '../../db/client.js';
import * as repo from './history.repository.js';

/** Who made a change: a member as named at the time, or null for the system. */
export type HistoryActor = { id: number; name: string } | null;

/**
 * Records changes to one property in the caller's transaction, so the history and the change
 * commit or roll back together (ADR 018).
 */
export async function recordPropertyHistory(
  tx: Database,
  actor: HistoryActor,
  propertyId: number,
  changes: HistoryChanges[],
  at?: Date,
) {
  await repo.appendPropertyHistory(
    tx,
    changes.map((c) => ({
      property_id: propertyId,
      actor_id: actor?.id ?? null,
      actor_name: actor?.name ?? null,
      changes: c,
      ...(at ? { at } : {}),
    })),
  );
}

const same = (a: HistoryValue, b: HistoryValue) =>
  typeof a === 'object' && a !== null && typeof b === 'object' && b !== null
    ? a.amount === b.amount && a.unit === b.unit
    : a === b;

/** The fields whose value differs between two snapshots, in the order of `before`'s keys. */
export function changedFields<K extends string>(
  before: Record<K, HistoryValue>,
  after: Record<K, HistoryValue>,
): FieldChange[] {
  return (Object.keys(before) as K[])
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, from: before[field], to: after[field] }));
}
