import type { HistoryChanges } from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { property_history } from '../../db/schema.js';

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
