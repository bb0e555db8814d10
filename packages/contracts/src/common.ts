import { z } from 'zod';
import { IssueSchema, ReasonSchema, rule } from './issues.js';

/** Every answer of the API is wrapped in this envelope. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal('success'),
    message: z.string(),
    data,
  });

/**
 * Per-field problems as English sentences, keyed by the field's dotted path (`price`, `photos.0`),
 * for clients that show text as it comes; `issues` carries the same problems as rule codes.
 */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'WAITLISTED',
  'NOT_FOUND',
  'CONFLICT',
  'LAST_ADMIN',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDENTITY_PROVIDER_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  /** Input that cannot be read within its time (a listing's text or page, ADR 058): 422. */
  'INPUT_TOO_COMPLEX',
  /** Too much of one kind of work waiting already (listings being read, ADR 058): 503. */
  'BUSY',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * The `Idempotency-Key` header a write may carry (ADR 043): 1 to 255 printable ASCII characters,
 * chosen by the client (a UUID, typically) and kept by the API for 24 hours per user.
 */
export const IDEMPOTENCY_KEY_MAX = 255;
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7E]{1,255}$/, { error: rule('printable_ascii', { max: IDEMPOTENCY_KEY_MAX }) });

/**
 * An error answer carries at most this many issues (ADR 059): a request with thousands of problems
 * costs its sender a small answer, and no other user the time to word them all.
 */
export const MAX_ERROR_ISSUES = 20;

export const ErrorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  data: z.null(),
  error: z.object({
    code: ErrorCodeSchema,
    fieldErrors: FieldErrorsSchema.optional(),
    /** The validation problems as codes (field, rule, values), to render in any language. */
    issues: z.array(IssueSchema).max(MAX_ERROR_ISSUES).optional(),
    /**
     * How many more problems were found than `issues` (and `fieldErrors`) carry: present only when
     * there were more than MAX_ERROR_ISSUES.
     */
    issues_omitted: z.number().int().min(1).optional(),
    /** Why, beyond the code, with its values (a conflict's author): to word in any language. */
    reason: ReasonSchema.optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/**
 * What the database's columns hold, so every bound below is the column's own: ids are
 * PostgreSQL `integer` (region ids `smallint`), and `text` refuses NUL.
 */
export const INT32_MAX = 2_147_483_647;
export const INT16_MAX = 32_767;

/**
 * An id in a JSON body: a positive whole number an `integer` column holds. A reference chosen in
 * a form says "Choose a comuna" for 0 (`choose_one`); a plain id says it must be positive.
 */
export const int32Id = (notPositive: 'choose_one' | 'not_positive' = 'choose_one') =>
  z
    .number({ error: rule('not_a_number') })
    .int({ error: rule('whole_number') })
    .positive({ error: rule(notPositive) })
    .max(INT32_MAX, { error: rule('id_beyond', { first: INT32_MAX + 1 }) });
export const Int32Id = int32Id('not_positive');

/**
 * Whole numbers in a path or a query string are plain decimal digits, nothing Number() would
 * also read: "0x1", "1e0", "+1", "1.0", " 1" and "01" address nothing rather than id 1.
 */
export const digitsText = (max: number, min = 1) =>
  z
    .string({ error: rule('not_a_number') })
    .regex(/^(0|[1-9][0-9]{0,15})$/, { error: rule('plain_digits') })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: rule('at_least', { min }) })
        .max(max, { error: rule('at_most', { max }) }),
    );

/** An id in a path or a query string: canonical decimal, at most what an `integer` holds. */
export const idText = (max = INT32_MAX) => digitsText(max);
export const IdSchema = idText();

/**
 * NUL (PostgreSQL's `text` refuses it) and unpaired UTF-16 surrogates (UTF-8 cannot carry them;
 * they would be stored as U+FFFD): text with either is refused rather than failing or altered.
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const isStorableText = (text: string) =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);
/** Any string schema, refusing text a `text` column cannot store as sent. */
export const storable = <T extends z.ZodString>(schema: T) =>
  schema.refine(isStorableText, { error: rule('not_storable') });

/** One of `values`, refused with the list of them: a sort, a stage, a grouping. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: rule('one_of', { options: values.join(', ') }) });

/** A number from `min` to `max`, both included: a latitude, a longitude. */
export const numberBetween = (min: number, max: number) =>
  z
    .number({ error: rule('not_a_number') })
    .min(min, { error: rule('between', { min, max }) })
    .max(max, { error: rule('between', { min, max }) });

/**
 * The days and instants the API reads run from year 1 to 9999: what PostgreSQL's `date` and
 * `timestamptz` and JavaScript's `Date` all hold, and all write as four-digit ISO years. PostgreSQL
 * has no year 0 (ISO's "0000" is 1 BC), and JavaScript writes years past 9999 as "+010000", which
 * PostgreSQL does not read: either one reached the database and answered 500 (ADR 025).
 */
export const FIRST_DAY = '0001-01-01';
export const LAST_DAY = '9999-12-31';

/** A calendar day `YYYY-MM-DD`: a real one (no 2025-02-29), from `min` to `max`. */
export const calendarDay = (min = FIRST_DAY, max = LAST_DAY) =>
  z
    .string({ error: rule('real_date') })
    .pipe(z.iso.date({ error: rule('real_date'), abort: true }))
    .refine((day) => day >= min && day <= max, { error: rule('between', { min, max }) });

/**
 * An `updated_at` the API issued, sent back for lost-update protection: an ISO instant in UTC
 * (four-digit years, so at most 9999) from FIRST_DAY on.
 */
export const versionStamp = () =>
  z.iso
    .datetime({ error: rule('version_missing'), abort: true })
    .refine((text) => text >= FIRST_DAY, { error: rule('version_missing') });

/**
 * A time inside a keyset cursor, checked as the API decodes the cursor: exactly as
 * `Date#toISOString()` writes it (UTC, milliseconds; not "1 2", which Date.parse also reads), from
 * FIRST_DAY to LAST_DAY.
 */
export const CursorInstantSchema = z.iso
  .datetime({ precision: 3, abort: true })
  .refine((text) => text >= FIRST_DAY);

/** `:id` in a path. */
export const IdParamsSchema = z.object({ id: IdSchema });

/** Opaque keyset cursor: clients pass back what they were given. */
export const CursorSchema = z
  .string({ error: rule('invalid_cursor') })
  .min(1, { error: rule('invalid_cursor') })
  .max(512, { error: rule('invalid_cursor') });

/**
 * An object whose keys the sender chooses (a saved search's filters), refused with one issue when
 * it holds more than `max` keys, before any key or value is checked: zod checks a record key by
 * key, one issue each, so a body of tens of thousands of keys cost seconds and megabytes (ADR 059).
 * Arrays need no such guard: zod 4 checks an array's leading `.max()` before its items.
 */
export const maxKeys = <T extends z.ZodType>(max: number, schema: T) =>
  z
    .preprocess((raw, ctx) => {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
      let keys = 0;
      for (const key in raw) {
        if (Object.hasOwn(raw, key) && ++keys > max) {
          ctx.addIssue({ code: 'custom', message: rule('too_many_keys', { max }), input: raw });
          break;
        }
      }
      return raw;
    }, schema)
    .meta({ maxProperties: max });

/** One keyset page of a list ordered by id: the items and where the next page starts. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: CursorSchema.nullable() });

export const ListQuerySchema = z.object({
  limit: digitsText(500).default(100),
  cursor: CursorSchema.optional(),
});

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * Readiness with a detail per dependency. The database must answer (else 503); photo storage
 * failing leaves the process ready but `degraded`: another process shares the same bucket, so
 * taking this one out of rotation would help nobody (ADR 024).
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    database: z.literal('ok'),
    storage: z.enum(['ok', 'unavailable']),
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
