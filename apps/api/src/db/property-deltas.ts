import { sql } from 'drizzle-orm';
import { createNudgedWorker, type NudgedWorker } from '../lib/nudged-worker.js';
import { type Database, queryRows } from './client.js';

/*
 * The properties' total and map cells are kept from appended deltas (ADR 055): writers append,
 * and this fold moves the committed deltas into the kept rows, one process at a time across a
 * deployment. Reads add what is still pending, so folding late is slower reading, never a wrong
 * count.
 */

/** How often each process folds other processes' deltas (its own writes nudge it at once). */
export const FOLD_POLL_MS = 1_000;

/** Folds every committed delta now; answers how many rows it moved (0 when another fold runs). */
export async function foldPropertyDeltas(db: Database): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    db,
    sql`select bec_fold_property_deltas() as folded`,
  );
  return row?.folded ?? 0;
}

/** The fold as a worker: nudged after this process's property writes, polling for the rest. */
export const createDeltaFolder = (
  db: Database,
  options: { pollMs: number; onError: (err: unknown) => void },
): NudgedWorker =>
  createNudgedWorker({
    // One fold takes every committed delta: nothing more to do at once.
    pass: async () => ({ done: await foldPropertyDeltas(db), more: false }),
    ...options,
  });
