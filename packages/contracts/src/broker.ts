import { z } from 'zod';
import {
  CursorSchema,
  digitsText,
  idText,
  isStorableText,
  storable,
  versionStamp,
} from './common.js';
import { rule } from './issues.js';

/**
 * Brokers the team works with. Members see them; editors and admins add, edit, archive and
 * delete them (delete only while no property names the broker: archive it instead).
 */

export const MAX_BROKER_NAME = 200;
export const MAX_BROKER_COMPANY = 200;
export const MAX_BROKER_NOTES = 2000;
/** The longest address SMTP carries (RFC 5321's path limit, less its brackets). */
export const MAX_BROKER_EMAIL = 254;
/** More than any way of writing a Chilean number needs ("+56 (9) 1234-5678" is 17). */
const MAX_PHONE_TEXT = 40;

/**
 * A Chilean phone number as people write it, to E.164 ("+56912345678"), or null when it is not
 * one. Spaces, dots, dashes and parentheses are dropped; "+56" or "56" in front is optional. Since
 * 2016 Chile has a single numbering plan: nine digits, the first 2 to 9 (9 for mobiles, 2 for
 * Santiago's landlines, two-digit area codes for the other regions' landlines).
 */
export function normalizeChileanPhone(text: string): string | null {
  const compact = text.replace(/[\s.\-()]/g, '');
  const match = /^(?:\+?56)?([2-9][0-9]{8})$/.exec(compact);
  return match ? `+56${match[1]}` : null;
}

/**
 * A stored (E.164) Chilean number as people read it: "+56 9 1234 5678" for a mobile,
 * "+56 2 2123 4567" for Santiago, "+56 65 223 9910" for another area code. Anything else is
 * shown as it is.
 */
export function formatChileanPhone(e164: string): string {
  const match = /^\+56([2-9][0-9]{8})$/.exec(e164);
  const national = match?.[1];
  if (!national) return e164;
  if (national.startsWith('9') || national.startsWith('2'))
    return `+56 ${national[0]} ${national.slice(1, 5)} ${national.slice(5)}`;
  return `+56 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}

/** Optional text: trimmed, and empty (or null) is null. */
const optionalText = (max: number) =>
  z
    .string({ error: rule('not_text') })
    .trim()
    .max(max, { error: rule('too_long', { max }) })
    .refine(isStorableText, { error: rule('not_storable') })
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .default(null);

const PhoneSchema = z
  .string({ error: rule('not_text') })
  .max(MAX_PHONE_TEXT, { error: rule('chilean_phone') })
  .transform((text, ctx) => {
    if (text.trim() === '') return null;
    const phone = normalizeChileanPhone(text);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: rule('chilean_phone') });
      return z.NEVER;
    }
    return phone;
  })
  .nullable()
  .default(null);

const EMAIL = z.email();
const EmailSchema = z
  .string({ error: rule('not_text') })
  .trim()
  .max(MAX_BROKER_EMAIL, { error: rule('too_long', { max: MAX_BROKER_EMAIL }) })
  .refine((text) => text === '' || EMAIL.safeParse(text).success, {
    error: rule('invalid_email'),
  })
  .transform((text) => (text === '' ? null : text))
  .nullable()
  .default(null);

/** What an editor sends to add a broker. Empty optionals are null; the phone comes back E.164. */
export const BrokerFieldsSchema = z.object({
  name: storable(
    z
      .string({ error: rule('required') })
      .trim()
      .min(1, { error: rule('required') })
      .max(MAX_BROKER_NAME, { error: rule('too_long', { max: MAX_BROKER_NAME }) }),
  ),
  company: optionalText(MAX_BROKER_COMPANY),
  phone: PhoneSchema,
  email: EmailSchema,
  notes: optionalText(MAX_BROKER_NOTES),
});
/** @alias the body of POST /api/brokers, named like every other route's body. */
export const CreateBrokerBodySchema = BrokerFieldsSchema;
export type CreateBrokerBody = z.input<typeof CreateBrokerBodySchema>;
export type BrokerPayload = z.output<typeof CreateBrokerBodySchema>;

/** Editing: the fields plus the `updated_at` the editor loaded (lost-update protection). */
export const UpdateBrokerBodySchema = BrokerFieldsSchema.extend({
  updated_at: versionStamp(),
});
export type UpdateBrokerBody = z.input<typeof UpdateBrokerBodySchema>;
export type UpdateBrokerPayload = z.output<typeof UpdateBrokerBodySchema>;

/** A broker as the API answers it. `archived_at` is set while archived (read-only). */
export const BrokerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  /** E.164: "+56912345678"; show it with `formatChileanPhone`. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  archived_at: z.iso.datetime().nullable(),
  updated_at: z.iso.datetime(),
});
export type Broker = z.infer<typeof BrokerSchema>;

/** A row of the Brokers screen: the broker and how many properties name it. */
export const BrokerListItemSchema = BrokerSchema.extend({
  property_count: z.number().int(),
});
export type BrokerListItem = z.infer<typeof BrokerListItemSchema>;

export const BROKERS_PAGE_SIZE = 50;
export const MAX_BROKERS_PAGE_SIZE = 200;

/** GET /api/brokers/list: by name, searched, active or archived, one keyset page at a time. */
export const ListBrokersQuerySchema = z.object({
  /** Words in the name, company, email or phone; accents and case don't matter. */
  q: storable(
    z
      .string({ error: rule('not_text') })
      .trim()
      .max(100, { error: rule('too_long', { max: 100 }) }),
  ).optional(),
  /** true: the archived brokers only; false (default): the active ones. */
  archived: z.stringbool({ error: rule('true_or_false') }).default(false),
  limit: digitsText(MAX_BROKERS_PAGE_SIZE).default(BROKERS_PAGE_SIZE),
  cursor: CursorSchema.optional(),
});
export type ListBrokersQuery = z.output<typeof ListBrokersQuerySchema>;

export const BrokerPageSchema = z.object({
  items: z.array(BrokerListItemSchema),
  next_cursor: CursorSchema.nullable(),
  /** Every broker matching the search (and the archived choice). */
  total: z.number().int(),
});
export type BrokerPage = z.infer<typeof BrokerPageSchema>;

/**
 * GET /api/brokers (the property form's choices): the active brokers by name, plus the one given
 * in `include` even if archived, so an edit form still shows the broker its property names.
 */
export const BrokerChoicesQuerySchema = z.object({ include: idText().optional() });

export const BrokerIdParamsSchema = z.object({ id: idText() });

/** PATCH /api/brokers/:id: archive (true) or bring back (false). */
export const SetBrokerArchivedBodySchema = z.object({
  archived: z.boolean({ error: rule('true_or_false') }),
});
export type SetBrokerArchivedBody = z.infer<typeof SetBrokerArchivedBodySchema>;
