import { INT32_MAX, issue } from '@bec/contracts';
import { AppError } from './app-error.js';

/** Keyset cursor for lists ordered by id: opaque to clients, checked on the way back. */
const encodeIdCursor = (id: number) => Buffer.from(JSON.stringify({ id })).toString('base64url');

function decodeIdCursor(cursor: string): number {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const id = (value as { id?: unknown }).id;
    // Ids are `integer`: a larger one could never have been issued, and PostgreSQL refuses it.
    if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= INT32_MAX) return id;
  } catch {
    // fall through to the clear error below
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor: start again from the first page.', [
    issue('cursor', 'invalid_cursor'),
  ]);
}

/**
 * Reads one page of a list ordered by id: `fetch` gets the rows after the cursor's id (one more
 * than `limit`, to know whether another page follows), `map` shapes each row for the answer.
 */
export async function pageById<Row extends { id: number }, Item>(
  cursor: string | undefined,
  limit: number,
  fetch: (afterId: number | undefined, limit: number) => Promise<Row[]>,
  map: (row: Row) => Item,
) {
  const rows = await fetch(cursor === undefined ? undefined : decodeIdCursor(cursor), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(map),
    next_cursor: rows.length > limit && last ? encodeIdCursor(last.id) : null,
  };
}
