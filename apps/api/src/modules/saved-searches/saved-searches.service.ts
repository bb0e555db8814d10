import {
  type Alert,
  type AlertPage,
  type AlertsQuery,
  type CreateSavedSearchPayload,
  issue,
  MAX_SAVED_SEARCHES_PER_USER,
  type Me,
  SAVED_SEARCH_NEW_COUNT_CAP,
  type SavedSearch,
  type SavedSearchSubscriptionBody,
  type UnreadAlerts,
  type UpdateSavedSearchPayload,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { filterConditions, pesoFilters } from '../../db/property-query.js';
import { AppError } from '../../lib/app-error.js';
import { setMemberLocale } from '../users/users.service.js';
import { gridFilters } from './alert-matching.js';
import * as repo from './saved-searches.repository.js';

const notFound = (id: number) => new AppError('NOT_FOUND', `Saved search ${id} not found.`);
const SHARED_FOR_EDITORS =
  'Shared searches are for editors and admins: save it as a personal search.';
const sharedForEditors = () =>
  new AppError('FORBIDDEN', SHARED_FOR_EDITORS, undefined, {
    code: 'shared_search_for_editors',
    params: {},
  });
const canShare = (user: Me) => user.role === 'editor' || user.role === 'admin';

const toAlert = (row: repo.AlertRow): Alert => ({
  ...row,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at ? row.read_at.toISOString() : null,
});

/** Where a page of alerts ended: the last alert's id, opaque to clients. */
const encodeCursor = (id: number) => Buffer.from(JSON.stringify([id])).toString('base64url');
function decodeCursor(raw: string): number {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 1) {
      const [id] = value as unknown[];
      if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1) return id;
    }
  } catch {
    // the clear error below
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor: start again from the first page.', [
    issue('cursor', 'invalid_cursor'),
  ]);
}

/**
 * Properties matching a search that were added after the user last opened it (after it was
 * saved, for a follower who never did), up to the cap.
 */
async function newCount(db: Database, row: repo.SavedSearchRow): Promise<number> {
  const filters = gridFilters(row.filters);
  if (!filters) return 0;
  const pesos = await pesoFilters(db, filters);
  return repo.countAddedSince(
    db,
    filterConditions(pesos),
    row.opened_at ?? row.created_at,
    SAVED_SEARCH_NEW_COUNT_CAP,
  );
}

async function toSavedSearch(
  db: Database,
  user: Me,
  row: repo.SavedSearchRow,
): Promise<SavedSearch> {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    mine: row.owner_id === user.id,
    filters: row.filters,
    subscribed: row.subscribed,
    email: row.email,
    new_count: await newCount(db, row),
    opened_at: row.opened_at ? row.opened_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function createSavedSearchesService(db: Database) {
  async function visible(user: Me, id: number) {
    const row = await repo.findVisible(db, user.id, id);
    if (!row) throw notFound(id);
    return row;
  }

  /** Their own searches and every shared one, shared first, then by name. */
  async function list(user: Me): Promise<SavedSearch[]> {
    const rows = await repo.listVisible(db, user.id);
    const result: SavedSearch[] = [];
    for (const row of rows) result.push(await toSavedSearch(db, user, row));
    return result;
  }

  async function get(user: Me, id: number) {
    return toSavedSearch(db, user, await visible(user, id));
  }

  /** Saves a search (shared: editors and admins only); its author follows it and has seen it. */
  async function create(user: Me, payload: CreateSavedSearchPayload): Promise<SavedSearch> {
    if (payload.scope === 'shared' && !canShare(user)) throw sharedForEditors();
    const id = await db.transaction(async (tx) => {
      if ((await repo.countOwnLocked(tx, user.id)) >= MAX_SAVED_SEARCHES_PER_USER)
        throw new AppError(
          'CONFLICT',
          `You have ${MAX_SAVED_SEARCHES_PER_USER} saved searches, as many as one may have: delete one to save another.`,
          undefined,
          { code: 'too_many_saved_searches', params: { max: MAX_SAVED_SEARCHES_PER_USER } },
        );
      const now = new Date();
      const searchId = await repo.insertSearch(tx, {
        owner_id: user.id,
        name: payload.name,
        scope: payload.scope,
        filters: payload.filters,
        at: now,
      });
      await repo.upsertMember(tx, searchId, user.id, { subscribed: true, opened_at: now });
      return searchId;
    });
    return get(user, id);
  }

  /**
   * Who may change or delete a search: its owner; for a shared one also any admin. Another's
   * personal search does not exist for the user (404); another's shared one is refused (403).
   */
  async function lockForChange(tx: Database, user: Me, id: number) {
    const row = await repo.lockSearch(tx, id);
    if (!row) throw notFound(id);
    if (row.owner_id === user.id) return row;
    if (row.scope === 'personal') throw notFound(id);
    if (user.role !== 'admin')
      throw new AppError(
        'FORBIDDEN',
        'Only its owner or an admin may change or delete a shared search.',
      );
    return row;
  }

  async function update(
    user: Me,
    id: number,
    payload: UpdateSavedSearchPayload,
  ): Promise<SavedSearch> {
    await db.transaction(async (tx) => {
      const row = await lockForChange(tx, user, id);
      if (payload.scope === 'shared' && row.scope !== 'shared' && !canShare(user))
        throw sharedForEditors();
      await repo.updateSearch(
        tx,
        id,
        {
          ...(payload.name !== undefined ? { name: payload.name } : {}),
          ...(payload.scope !== undefined ? { scope: payload.scope } : {}),
          ...(payload.filters !== undefined ? { filters: payload.filters } : {}),
        },
        new Date(),
      );
      // A search made personal is its owner's alone: nobody else follows it, or keeps its alerts.
      if (payload.scope === 'personal' && row.scope === 'shared')
        await repo.dropOtherMembers(tx, id, row.owner_id);
    });
    return get(user, id);
  }

  async function remove(user: Me, id: number): Promise<{ id: number }> {
    await db.transaction(async (tx) => {
      await lockForChange(tx, user, id);
      await repo.deleteSearch(tx, id);
    });
    return { id };
  }

  /** The user opened the search: its new matches start counting from now. */
  async function opened(user: Me, id: number): Promise<SavedSearch> {
    await visible(user, id);
    // A first opening makes the user a member who does not follow it (yet).
    await repo.upsertMember(db, id, user.id, { opened_at: new Date() });
    return get(user, id);
  }

  async function subscribe(
    user: Me,
    id: number,
    body: SavedSearchSubscriptionBody,
  ): Promise<SavedSearch> {
    await visible(user, id);
    await db.transaction(async (tx) => {
      await repo.upsertMember(tx, id, user.id, {
        ...(body.subscribed !== undefined ? { subscribed: body.subscribed } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
      });
      if (body.locale) await setMemberLocale(tx, user.id, body.locale);
    });
    return get(user, id);
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    opened,
    subscribe,
    ...alertInbox(db),
  };
}

/** A member's alerts: the bell's page, its count, marking them read. */
function alertInbox(db: Database) {
  async function alerts(user: Me, query: AlertsQuery): Promise<AlertPage> {
    const before = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await repo.listAlerts(db, user.id, query.limit + 1, before);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toAlert),
      next_cursor: rows.length > query.limit && last ? encodeCursor(last.id) : null,
    };
  }

  async function unread(user: Me): Promise<UnreadAlerts> {
    return { unread: await repo.countUnread(db, user.id) };
  }

  async function read(user: Me, id: number): Promise<{ id: number }> {
    if (!(await repo.markRead(db, user.id, id, new Date())))
      throw new AppError('NOT_FOUND', `Alert ${id} not found.`);
    return { id };
  }

  async function readAll(user: Me): Promise<{ read: number }> {
    return { read: await repo.markAllRead(db, user.id, new Date()) };
  }

  return { alerts, unread, read, readAll };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
