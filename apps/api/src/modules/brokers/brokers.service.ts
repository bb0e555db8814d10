import {
  type Broker,
  type BrokerListItem,
  type BrokerPage,
  type BrokerPayload,
  INT32_MAX,
  isStorableText,
  issue,
  type ListBrokersQuery,
  MAX_BROKER_NAME,
  type UpdateBrokerPayload,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './brokers.repository.js';

const toBroker = (row: repo.BrokerRow): Broker => ({
  id: row.id,
  name: row.name,
  company: row.company,
  phone: row.phone,
  email: row.email,
  notes: row.notes,
  archived_at: row.archived_at ? row.archived_at.toISOString() : null,
  updated_at: row.updated_at.toISOString(),
});

const toListItem = (row: repo.BrokerListRow): BrokerListItem => ({
  ...toBroker(row),
  property_count: row.property_count,
});

/** Where a page ended: the last broker's name and id (the list's order), opaque to clients. */
const encodeCursor = (row: { name: string; id: number }) =>
  Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');

function decodeCursor(raw: string): { name: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [name, id] = value as unknown[];
      if (
        typeof name === 'string' &&
        name.length <= MAX_BROKER_NAME &&
        isStorableText(name) &&
        typeof id === 'number' &&
        Number.isInteger(id) &&
        id >= 1 &&
        id <= INT32_MAX
      )
        return { name, id };
    }
  } catch {
    // the clear error below
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor: start again from the first page.', [
    issue('cursor', 'invalid_cursor'),
  ]);
}

const notFound = (id: number) => new AppError('NOT_FOUND', `Broker ${id} not found.`);

export function createBrokersService(db: Database) {
  /** The property form's choices: active brokers by name, plus `include` even if archived. */
  async function choices(include?: number): Promise<Broker[]> {
    return (await repo.listChoices(db, include)).map(toBroker);
  }

  async function list(query: ListBrokersQuery): Promise<BrokerPage> {
    const search = { q: query.q, archived: query.archived };
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const [rows, total] = await Promise.all([
      repo.listPage(db, search, query.limit + 1, after),
      repo.countMatches(db, search),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toListItem),
      next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      total,
    };
  }

  async function get(id: number): Promise<BrokerListItem> {
    const row = await repo.findBroker(db, id);
    if (!row) throw notFound(id);
    return toListItem(row);
  }

  async function create(payload: BrokerPayload): Promise<Broker> {
    return toBroker(await repo.insertBroker(db, fieldsOf(payload), new Date()));
  }

  /** Edits a broker, refusing with 409 if it changed since the editor loaded it. */
  async function update(id: number, payload: UpdateBrokerPayload): Promise<Broker> {
    return db.transaction(async (tx) => {
      const current = await repo.lockBroker(tx, id);
      if (!current) throw notFound(id);
      if (current.updated_at.toISOString() !== new Date(payload.updated_at).toISOString())
        throw new AppError(
          'CONFLICT',
          'This broker was changed after you opened it. Reload it to see the changes, then edit again.',
          undefined,
          { code: 'broker_changed', params: {} },
        );
      const row = await repo.updateBroker(tx, id, fieldsOf(payload), new Date());
      if (!row) throw notFound(id);
      return toBroker(row);
    });
  }

  /** Archives (hidden from the property form, kept on its properties) or brings back a broker. */
  async function setArchived(id: number, archived: boolean): Promise<Broker> {
    return db.transaction(async (tx) => {
      const current = await repo.lockBroker(tx, id);
      if (!current) throw notFound(id);
      if ((current.archived_at !== null) === archived) return toBroker(current);
      const row = await repo.updateBroker(
        tx,
        id,
        { archived_at: archived ? new Date() : null },
        new Date(),
      );
      if (!row) throw notFound(id);
      return toBroker(row);
    });
  }

  /**
   * Deletes a broker no property names. The broker row is locked first, and a property add or
   * edit reads its broker FOR SHARE, so none can start naming it between the count and the delete.
   */
  async function remove(id: number): Promise<{ id: number }> {
    return db.transaction(async (tx) => {
      const current = await repo.lockBroker(tx, id);
      if (!current) throw notFound(id);
      const count = await repo.countProperties(tx, id);
      if (count > 0)
        throw new AppError(
          'CONFLICT',
          `${count === 1 ? '1 property names' : `${count} properties name`} this broker: archive it instead of deleting it.`,
          undefined,
          { code: 'broker_in_use', params: { count } },
        );
      await repo.deleteBroker(tx, id);
      return { id };
    });
  }

  return { choices, list, get, create, update, setArchived, remove };
}

const fieldsOf = (payload: BrokerPayload): repo.BrokerValues => ({
  name: payload.name,
  company: payload.company,
  phone: payload.phone,
  email: payload.email,
  notes: payload.notes,
});

export type BrokersService = ReturnType<typeof createBrokersService>;
