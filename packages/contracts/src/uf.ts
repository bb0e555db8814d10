import { z } from 'zod';
import { CursorSchema, calendarDay, digitsText, pageOf } from './common.js';
import { rule } from './issues.js';

/**
 * The UF (Unidad de Fomento): Chile's inflation-indexed unit, worth a published number of pesos
 * each day. The Banco Central computes it and the CMF publishes it, including the days up to the
 * 9th of the coming month in advance.
 */

/** Where a stored UF value came from: a source's API, an admin's hand, or the demo seed. */
export const UF_SOURCES = ['cmf', 'mindicador', 'manual', 'demo'] as const;
export const UfSourceSchema = z.enum(UF_SOURCES);
export type UfSource = z.infer<typeof UfSourceSchema>;

/**
 * Pesos per UF we accept, from a source or by hand. The UF was about 39,600 pesos in 2025; these
 * bounds catch a slipped thousands separator (39.64 or 39,643,590) without ever refusing a real one.
 */
export const MIN_UF_VALUE = 1_000;
export const MAX_UF_VALUE = 100_000;

/** True for a finite number written with at most two decimals (4500.5, 39643.59; not 1.005). */
export const hasAtMostTwoDecimals = (n: number) => Number.isFinite(n) && Number(n.toFixed(2)) === n;

/** Days a UF value may be dated: the range a hand-entered or fetched value must fall in. */
export const FIRST_UF_DATE = '2000-01-01';
export const LAST_UF_DATE = '2099-12-31';

/** A calendar date as `YYYY-MM-DD` (a real day: no 2025-02-29), within FIRST/LAST_UF_DATE. */
export const ufDate = () => calendarDay(FIRST_UF_DATE, LAST_UF_DATE);

/** A UF value in pesos: within MIN/MAX_UF_VALUE, at most two decimals (as the CMF publishes it). */
const ufValueBounds = rule('between_pesos', { min: MIN_UF_VALUE, max: MAX_UF_VALUE });
export const ufValue = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? rule('required') : rule('not_a_number'),
    })
    .min(MIN_UF_VALUE, { error: ufValueBounds, abort: true })
    .max(MAX_UF_VALUE, { error: ufValueBounds, abort: true })
    .refine(hasAtMostTwoDecimals, { error: rule('two_decimals') });

/** A UF value as prices are converted with it: its day, pesos per UF, and where it came from. */
export const UfValueSchema = z.object({
  date: z.iso.date(),
  value: z.number(),
  source: UfSourceSchema,
});
export type UfValue = z.infer<typeof UfValueSchema>;

/** A stored UF value, with when it was stored. */
export const UfStoredValueSchema = UfValueSchema.extend({ stored_at: z.iso.datetime() });
export type UfStoredValue = z.infer<typeof UfStoredValueSchema>;

/** GET /api/uf: the value in effect (the latest dated today or before, in Chile), if any. */
export const UfCurrentSchema = z.object({
  uf: UfValueSchema.nullable(),
  /** Today's date in Chile (America/Santiago). */
  today: z.iso.date(),
  /** Whether the value in effect is today's own (false: an older day's, or none). */
  is_today: z.boolean(),
});
export type UfCurrent = z.infer<typeof UfCurrentSchema>;

/** GET /api/uf/values: stored values, newest date first, one page at a time. */
export const UfValuesQuerySchema = z.object({
  limit: digitsText(400).default(31),
  cursor: CursorSchema.optional(),
});
export const UfValueListSchema = pageOf(UfStoredValueSchema);
export type UfValueList = z.infer<typeof UfValueListSchema>;

/** PUT /api/uf/values/:date */
export const UfDateParamsSchema = z.object({ date: ufDate() });
export const PutUfValueBodySchema = z.object({ value: ufValue() });
export type PutUfValueBody = z.infer<typeof PutUfValueBodySchema>;

export const PutUfValueResultSchema = z.object({
  stored: UfStoredValueSchema,
  /** The value in effect after this one was stored (it is this one when dated today). */
  in_effect: UfValueSchema.nullable(),
  /** UF-priced properties whose peso equivalent changed. */
  repriced: z.number().int(),
});
export type PutUfValueResult = z.infer<typeof PutUfValueResultSchema>;
