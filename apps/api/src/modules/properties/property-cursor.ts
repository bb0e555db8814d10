import type { PropertySort } from '@bec/contracts';
import { AppError } from '../../lib/app-error.js';

/** Where a page ended: the sort key of its last row plus the id that breaks ties. */
export type PropertyCursor = { sort: PropertySort; value: number | string; id: number };

export const encodePropertyCursor = (cursor: PropertyCursor) =>
  Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');

/** Dates travel as ISO text, prices per m² as integer text (bigint), the rest as JSON numbers. */
function validValue(sort: PropertySort, value: unknown) {
  switch (sort) {
    case 'newest':
    case 'oldest':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'price_per_sqm_asc':
    case 'price_per_sqm_desc':
      return typeof value === 'string' && /^-?\d{1,19}$/.test(value);
    default:
      return typeof value === 'number' && Number.isFinite(value);
  }
}

const invalid = (why: string) =>
  new AppError('VALIDATION_FAILED', `Invalid cursor: ${why}; start again from the first page.`, {
    cursor: [`Invalid cursor: ${why}`],
  });

export function decodePropertyCursor(raw: string, sort: PropertySort): PropertyCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid('it is not one this server issued');
  }
  if (!Array.isArray(parsed) || parsed.length !== 3)
    throw invalid('it is not one this server issued');
  const [cursorSort, value, id] = parsed as unknown[];
  if (cursorSort !== sort) throw invalid('it belongs to another sort order');
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    throw invalid('it is not one this server issued');
  if (!validValue(sort, value)) throw invalid('it is not one this server issued');
  return { sort, value: value as number | string, id };
}
