import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const SPACE = 32;
const DASH = 45;
const DOT = 46;

/**
 * PostgreSQL's text for a timestamptz ("2026-11-21 18:34:31.42+00") as an ISO 8601 instant
 * ("2026-11-21T18:34:31.420Z"), what the API sends. A UTC session (PostgreSQL's and PGlite's
 * usual) takes string slicing; anything else (another TimeZone, a DateStyle, BC) goes through a
 * Date, as Drizzle's own decoder does. Slicing skips V8's legacy date parser and toISOString,
 * which showed in a list request's profile (bench/reports/2026-12-08-figures-from-comments.md).
 */
export function isoTimestamp(text: string): string {
  const length = text.length;
  if (
    length >= 22 &&
    length <= 29 &&
    text.charCodeAt(4) === DASH &&
    text.charCodeAt(10) === SPACE &&
    text.endsWith('+00') &&
    (length === 22 || text.charCodeAt(19) === DOT)
  ) {
    // Up to six fraction digits, trailing zeros dropped; JS instants keep milliseconds.
    const fraction = length === 22 ? '000' : `${text.slice(20, -3)}00`.slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
  }
  return new Date(text).toISOString();
}

/** A timestamptz column selected as its ISO 8601 text. */
export const isoText = (column: AnyColumn): SQL<string> =>
  sql<string>`${column}`.mapWith(isoTimestamp);
