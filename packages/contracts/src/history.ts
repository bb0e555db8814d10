import { z } from 'zod';
import { CursorSchema, calendarDay, digitsText, isStorableText, oneOf } from './common.js';
import { rule } from './issues.js';
import { PriceUnitSchema, PropertyStageSchema } from './property.js';

/*
 * A property's history and the admins' audit of access decisions: both append-only (ADR 018).
 * Written by the API in the same transaction as the change; no route edits or deletes them.
 */

export const HISTORY_KINDS = [
  'created',
  'updated',
  'deleted',
  'photos_added',
  'photos_removed',
  'photos_reordered',
  'stage',
  'visit_added',
  'visit_updated',
  'visit_removed',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A price as entered: the amount and its unit (a change of either is a change of price). */
export const HistoryPriceSchema = z.object({ amount: z.number(), unit: PriceUnitSchema });

/** A field's value before or after: text, a number, yes/no, a price, or nothing. */
export const HistoryValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  HistoryPriceSchema,
  z.null(),
]);
export type HistoryValue = z.infer<typeof HistoryValueSchema>;

/**
 * One field's change. Reference fields (comuna, type, broker) carry the names as they were then,
 * not ids, so a history stays readable when a broker is renamed or archived.
 */
export const FieldChangeSchema = z.object({
  field: z.string(),
  from: HistoryValueSchema,
  to: HistoryValueSchema,
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

const VisitSummarySchema = z.object({
  visit_id: z.number().int(),
  visited_at: z.iso.datetime(),
  visitor_name: z.string().nullable(),
  rating: z.number().int().nullable(),
});

/** What changed, by kind. */
export const HistoryChangesSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), name: z.string(), price: HistoryPriceSchema }),
  z.object({ kind: z.literal('updated'), fields: z.array(FieldChangeSchema) }),
  z.object({ kind: z.literal('deleted'), name: z.string() }),
  z.object({ kind: z.literal('photos_added'), photo_ids: z.array(z.number().int()) }),
  z.object({ kind: z.literal('photos_removed'), photo_ids: z.array(z.number().int()) }),
  /** The photos' new order, cover first. */
  z.object({ kind: z.literal('photos_reordered'), photo_ids: z.array(z.number().int()) }),
  z.object({
    kind: z.literal('stage'),
    from: PropertyStageSchema,
    to: PropertyStageSchema,
    reason: z.string().nullable(),
  }),
  VisitSummarySchema.extend({ kind: z.literal('visit_added') }),
  VisitSummarySchema.extend({
    kind: z.literal('visit_updated'),
    fields: z.array(FieldChangeSchema),
  }),
  VisitSummarySchema.extend({ kind: z.literal('visit_removed') }),
]);
export type HistoryChanges = z.infer<typeof HistoryChangesSchema>;

/** Who did it, as they were named then; null for the system (a visit's date passing). */
export const HistoryActorSchema = z
  .object({ id: z.number().int().nullable(), name: z.string().nullable() })
  .nullable();

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  at: z.iso.datetime(),
  actor: HistoryActorSchema,
  changes: HistoryChangesSchema,
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const DEFAULT_HISTORY_PAGE = 50;
export const MAX_HISTORY_PAGE = 200;

/** A page of a timeline, newest first; the cursor is the last entry's id. */
export const HistoryQuerySchema = z.object({
  limit: digitsText(MAX_HISTORY_PAGE).default(DEFAULT_HISTORY_PAGE),
  cursor: CursorSchema.optional(),
});
export type HistoryQuery = z.output<typeof HistoryQuerySchema>;

export const HistoryPageSchema = z.object({
  entries: z.array(HistoryEntrySchema),
  next_cursor: CursorSchema.nullable(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const AUDIT_ACTIONS = [
  'waitlist_approved',
  'waitlist_deleted',
  'role_changed',
  'user_deleted',
  'first_admin_granted',
] as const;
export const AuditActionSchema = oneOf(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  action: AuditActionSchema,
  /** Null when the system decided (ADMIN_EMAILS granting the first admin at sign-in). */
  actor: z
    .object({ id: z.number().int().nullable(), name: z.string(), email: z.string() })
    .nullable(),
  subject: z.object({ email: z.string(), name: z.string().nullable() }),
  /** The role granted (approval, first admin), or the roles before and after (role change). */
  role: z.string().nullable(),
  previous_role: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 200;
/** The longest text the audit's person filter takes. */
export const MAX_AUDIT_PERSON = 200;

/**
 * The admins' audit, newest first. `person` matches the actor's or the subject's email or name,
 * ignoring case and accents (an exact email is looked up by index); `from`/`to` are days in Chile
 * (America/Santiago), both included, from year 1 to 9999 (FIRST_DAY, LAST_DAY).
 */
export const AuditQuerySchema = z
  .object({
    person: z
      .string({ error: rule('not_text') })
      .trim()
      .max(MAX_AUDIT_PERSON, { error: rule('too_long', { max: MAX_AUDIT_PERSON }) })
      .refine(isStorableText, { error: rule('not_storable') })
      .optional(),
    from: calendarDay().optional(),
    to: calendarDay().optional(),
    action: AuditActionSchema.optional(),
    limit: digitsText(MAX_AUDIT_PAGE).default(DEFAULT_AUDIT_PAGE),
    cursor: CursorSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: rule('range_reversed') });
  });
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next_cursor: CursorSchema.nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
