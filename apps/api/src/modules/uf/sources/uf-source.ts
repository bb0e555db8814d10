import { FIRST_UF_DATE, hasAtMostTwoDecimals, MAX_UF_VALUE, MIN_UF_VALUE } from '@bec/contracts';
import { addDays } from '../../../lib/chile-date.js';

/** One published UF value: its day (YYYY-MM-DD) and pesos per UF. */
export type PublishedUf = { date: string; value: number };

/** A place that publishes UF values, one adapter per source. */
export type UfSourceAdapter = {
  name: 'cmf' | 'mindicador';
  /**
   * The values published around `today` (the current year's, and the next year's once December
   * has them), every one checked. Throws UfSourceError, with the reason, on anything else.
   */
  fetchValues: (today: string, signal?: AbortSignal) => Promise<PublishedUf[]>;
};

/** A source that failed or answered nonsense: nothing it said is stored. */
export class UfSourceError extends Error {
  override name = 'UfSourceError';
}

/**
 * Published values are dated at most this far ahead: the CMF publishes up to the 9th of the
 * coming month, so anything later is a wrong date, not an early value.
 */
export const MAX_DAYS_AHEAD = 45;

/**
 * Checks a whole answer; a single bad entry discards it all (a source that gets one value wrong
 * may have got the others wrong too). Values are rounded to the cent only when they already are
 * (a JSON 39643.59 is 39643.589999…); anything finer is nonsense for a UF value.
 */
export function checkPublished(values: PublishedUf[], today: string): PublishedUf[] {
  const last = addDays(today, MAX_DAYS_AHEAD);
  const byDate = new Map<string, number>();
  for (const { date, value } of values) {
    if (date < FIRST_UF_DATE || date > last)
      throw new UfSourceError(`a value is dated ${date}, outside ${FIRST_UF_DATE} to ${last}`);
    const cents = Math.round(value * 100) / 100;
    if (!Number.isFinite(value) || Math.abs(value - cents) > 1e-6 || !hasAtMostTwoDecimals(cents))
      throw new UfSourceError(`the value of ${date} (${value}) is not pesos with 2 decimals`);
    if (cents < MIN_UF_VALUE || cents > MAX_UF_VALUE)
      throw new UfSourceError(
        `the value of ${date} (${cents}) is outside ${MIN_UF_VALUE} to ${MAX_UF_VALUE} pesos`,
      );
    const seen = byDate.get(date);
    if (seen !== undefined && seen !== cents)
      throw new UfSourceError(`${date} has two different values (${seen} and ${cents})`);
    byDate.set(date, cents);
  }
  return [...byDate].map(([date, value]) => ({ date, value }));
}

/** The years whose series hold what is published around `today` (December also has January's). */
export const yearsAround = (today: string) => {
  const year = Number(today.slice(0, 4));
  return today.slice(5, 7) === '12' ? [year, year + 1] : [year];
};

/** The first few problems zod found in an answer, for a log line of reasonable length. */
export const firstIssues = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || 'the answer'}: ${issue.message}`)
    .join('; ');
