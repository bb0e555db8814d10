import {
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  CursorInstantSchema,
  type FieldChange,
  type HistoryChanges,
  type HistoryEntry,
  type HistoryPage,
  type HistoryQuery,
  type HistoryValue,
  issue,
  type Role,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
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

const encodeHistoryCursor = (id: number) =>
  Buffer.from(JSON.stringify({ id })).toString('base64url');

/** Cursors are opaque to clients; one that was not issued is a 400 naming `cursor`. */
const badCursor = () =>
  new AppError('VALIDATION_FAILED', 'Invalid cursor: start again from the first page.', [
    issue('cursor', 'invalid_cursor'),
  ]);

function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // the clear error below
  }
  throw badCursor();
}

const positiveId = (value: unknown) => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw badCursor();
};

const toHistoryEntry = (row: repo.HistoryRow): HistoryEntry => ({
  id: row.id,
  property_id: row.property_id,
  at: row.at.toISOString(),
  actor:
    row.actor_id === null && row.actor_name === null
      ? null
      : { id: row.actor_id, name: row.actor_name },
  changes: row.changes as HistoryChanges,
});

/**
 * A property's timeline, newest first. Members read a property's; once it is deleted only admins
 * do (its history stays), and a property that never was is a 404 for everyone.
 */
async function propertyHistory(
  db: Database,
  reader: { role: Role },
  propertyId: number,
  query: HistoryQuery,
): Promise<HistoryPage> {
  if (!(await repo.propertyExists(db, propertyId))) {
    if (reader.role !== 'admin' || !(await repo.historyExists(db, propertyId)))
      throw new AppError('NOT_FOUND', `Property ${propertyId} not found.`);
  }
  const before = query.cursor === undefined ? undefined : positiveId(decodeCursor(query.cursor).id);
  const rows = await repo.listPropertyHistory(db, propertyId, query.limit + 1, before);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toHistoryEntry),
    next_cursor: rows.length > query.limit && last ? encodeHistoryCursor(last.id) : null,
  };
}

/** Who decided: an admin as named then, or null for the system (ADMIN_EMAILS at sign-in). */
export type AuditActor = { id: number; name: string; email: string } | null;

/** Records one access decision in the caller's transaction: it commits or rolls back with it. */
export async function appendAudit(
  tx: Database,
  actor: AuditActor,
  action: AuditAction,
  subject: { email: string; name: string | null },
  details: { role?: Role; from?: Role; to?: Role } = {},
) {
  await repo.appendAudit(tx, { action, actor, subject, details });
}

/** No spaces, one @ after something, a dot inside what follows it: read in one pass (ADR 058). */
const isEmailLike = (text: string) => {
  const at = text.indexOf('@');
  const domain = text.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return at > 0 && !domain.includes('@') && dot > 0 && dot < domain.length - 1 && !/\s/.test(text);
};
const roleOf = (value: unknown) => (typeof value === 'string' ? value : null);

const toAuditEntry = (row: repo.AuditRow): AuditEntry => {
  const details = (row.details ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor:
      row.actor_email === null && row.actor_name === null
        ? null
        : { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '' },
    subject: { email: row.subject_email, name: row.subject_name },
    role: roleOf(details.to) ?? roleOf(details.role),
    previous_role: roleOf(details.from),
  };
};

/** The admins' audit of access decisions, newest first, filtered (AuditQuerySchema). */
async function audit(db: Database, query: AuditQuery): Promise<AuditPage> {
  let after: { at: Date; id: number } | null = null;
  if (query.cursor !== undefined) {
    const { at, id } = decodeCursor(query.cursor);
    // As this server wrote it: a time PostgreSQL holds, never one it reads otherwise or refuses.
    if (!CursorInstantSchema.safeParse(at).success) throw badCursor();
    after = { at: new Date(at as string), id: positiveId(id) };
  }
  const person = query.person || undefined;
  const isEmail = person !== undefined && isEmailLike(person);
  const rows = await repo.listAudit(
    db,
    {
      email: isEmail ? person.toLowerCase() : undefined,
      text: isEmail ? undefined : person,
      from: query.from,
      to: query.to,
      action: query.action,
    },
    query.limit + 1,
    after,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toAuditEntry),
    next_cursor:
      rows.length > query.limit && last
        ? Buffer.from(JSON.stringify({ at: last.at.toISOString(), id: last.id })).toString(
            'base64url',
          )
        : null,
  };
}

/** The read side, for the routes: a property's timeline and the audit. */
export function createHistoryService(db: Database) {
  return {
    propertyHistory: (reader: { role: Role }, propertyId: number, query: HistoryQuery) =>
      propertyHistory(db, reader, propertyId, query),
    audit: (query: AuditQuery) => audit(db, query),
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;

/** What an edit's history compares: the property's fields as people read them, its stage. */
export const propertySnapshot = (tx: Database, id: number) => repo.historySnapshot(tx, id);
export type PropertySnapshot = NonNullable<Awaited<ReturnType<typeof propertySnapshot>>>;

export type PhotoMoves = {
  removed: number[];
  added: number[];
  /** The photos kept, in their order before and after the edit. */
  keptBefore: number[];
  keptAfter: number[];
  /** Every photo's id in the new order, cover first. */
  order: number[];
};

/** An edit's history entries: the fields that changed, the stage move, and the photos. */
export function propertyEditEntries(
  before: PropertySnapshot | null,
  after: PropertySnapshot | null,
  photos: PhotoMoves,
): HistoryChanges[] {
  const entries: HistoryChanges[] = [];
  if (before && after) {
    const fields = changedFields(before.fields, after.fields);
    if (fields.length) entries.push({ kind: 'updated', fields });
    if (before.stage !== after.stage || before.discard_reason !== after.discard_reason)
      entries.push({
        kind: 'stage',
        from: before.stage,
        to: after.stage,
        reason: after.discard_reason,
      });
  }
  if (photos.added.length) entries.push({ kind: 'photos_added', photo_ids: photos.added });
  if (photos.removed.length) entries.push({ kind: 'photos_removed', photo_ids: photos.removed });
  if (photos.keptBefore.join() !== photos.keptAfter.join())
    entries.push({ kind: 'photos_reordered', photo_ids: photos.order });
  return entries;
}
