import { AppError } from './app-error.js';

/** Keyset cursor for lists ordered by id: opaque to clients, checked on the way back. */
export const encodeIdCursor = (id: number) =>
  Buffer.from(JSON.stringify({ id })).toString('base64url');

export function decodeIdCursor(cursor: string): number {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const id = (value as { id?: unknown }).id;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return id;
  } catch {
    // fall through to the clear error below
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor: start again from the first page.', {
    cursor: ['Invalid cursor: start again from the first page'],
  });
}
