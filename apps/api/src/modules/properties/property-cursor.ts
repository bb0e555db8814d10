import {
  CursorInstantSchema,
  INT32_MAX,
  issue,
  MAX_AREA,
  MAX_PRICE,
  PROPERTY_STAGES,
  type PropertySort,
} from '@bec/contracts';
import { AppError } from '../../lib/app-error.js';

/** Where a page ended: the sort key of its last row plus the id that breaks ties. */
export type PropertyCursor = { sort: PropertySort; value: number | string; id: number };

export const encodePropertyCursor = (cursor: PropertyCursor) =>
  Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString('base64url');

const BIGINT_MAX = 9_223_372_036_854_775_807n;
const BIGINT_TEXT = String(BIGINT_MAX);

/** A `bigint` sort key as integer text: -1 (a sentinel), or 0 up to BIGINT_MAX. */
const isBigintKey = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^(-1|0|[1-9][0-9]{0,18})$/.test(value) &&
  BigInt(value) <= BIGINT_MAX;

/**
 * Dates travel as ISO text, prices and prices per m² as integer text (bigint: their sentinels for
 * unknown values are beyond JSON's exact integers), areas as JSON numbers.
 * Each must be one this server could have issued, so PostgreSQL never sees one its column type
 * refuses: an exact ISO instant within the years both hold (CursorInstantSchema), a whole price, an
 * area in range.
 */
function validValue(sort: PropertySort, value: unknown) {
  switch (sort) {
    case 'newest':
    case 'oldest':
      return CursorInstantSchema.safeParse(value).success;
    case 'price_asc':
    case 'price_desc':
      // Whole pesos, or the sentinel of an unknown peso price (PRICE_NULL_LAST_*).
      return isBigintKey(value) && (BigInt(value) <= BigInt(MAX_PRICE) || value === BIGINT_TEXT);
    case 'area_asc':
    case 'area_desc':
      // An area, or -1, the key of an unknown one (AREA_UNKNOWN_KEY in db/schema.ts, ADR 048;
      // test/quick-add.test.ts pages across one both ways).
      return typeof value === 'number' && ((value >= 0 && value <= MAX_AREA) || value === -1);
    case 'price_per_sqm_asc':
    case 'price_per_sqm_desc':
      // -1 and BIGINT_MAX stand for "no price per m²" (PPSQM_NULL_LAST_*).
      return isBigintKey(value);
    case 'stage_asc':
    case 'stage_desc':
      // The stage's rank: 0 (new) to 6 (discarded).
      return (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= 0 &&
        value < PROPERTY_STAGES.length
      );
    case 'relevance':
      // ts_rank: a small non-negative real.
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e6;
  }
}

const invalid = (why: string) =>
  new AppError('VALIDATION_FAILED', `Invalid cursor: ${why}; start again from the first page.`, [
    issue('cursor', 'invalid_cursor'),
  ]);

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
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT32_MAX)
    throw invalid('it is not one this server issued');
  if (!validValue(sort, value)) throw invalid('it is not one this server issued');
  return { sort, value: value as number | string, id };
}
