import { z } from 'zod';
import { CursorSchema, digitsText, IdSchema, maxKeys, pageOf, storable } from './common.js';
import { rule } from './issues.js';
import { LOCALES } from './locale.js';
import { PropertyFiltersQuerySchema, propertyFilterShape } from './property.js';

/*
 * Saved searches and their in-app alerts (ADR 053). A saved search is the grid's filters
 * under a name, personal (its owner's alone) or shared with the team; its subscribers hear of a
 * property that is added, or changed so that it newly matches.
 */

export const MAX_SAVED_SEARCH_NAME = 100;
/** A user's own searches (personal and shared); one more is refused with 409 CONFLICT. */
export const MAX_SAVED_SEARCHES_PER_USER = 100;
/** `new_count` counts up to this many (the web shows "99+"). */
export const SAVED_SEARCH_NEW_COUNT_CAP = 99;

export const SAVED_SEARCH_SCOPES = ['personal', 'shared'] as const;
export const SavedSearchScopeSchema = z.enum(SAVED_SEARCH_SCOPES, {
  error: rule('one_of', { options: SAVED_SEARCH_SCOPES.join(', ') }),
});
export type SavedSearchScope = z.infer<typeof SavedSearchScopeSchema>;

/** The grid's filter parameters, the only keys a saved search's filters may have. */
export const SAVED_SEARCH_FILTER_KEYS = Object.keys(propertyFilterShape) as [
  keyof typeof propertyFilterShape,
  ...(keyof typeof propertyFilterShape)[],
];
export type SavedSearchFilterKey = (typeof SAVED_SEARCH_FILTER_KEYS)[number];

/**
 * As many keys as the grid has filters: one more is an unknown key for sure, and is refused with
 * one issue before any key is checked (ADR 059).
 */
export const MAX_SAVED_SEARCH_FILTERS = SAVED_SEARCH_FILTER_KEYS.length;

const isFilterKey = (key: string): key is SavedSearchFilterKey =>
  (SAVED_SEARCH_FILTER_KEYS as readonly string[]).includes(key);

/**
 * A saved search's filters: the grid's URL parameters as text (`{ "city_id": "13114",
 * "price_unit": "UF", "price_max": "6000" }`), so the web opens `/properties?<them>` and the API
 * matches by parsing them again with the grid's own schema. Checked by that schema (every rule is
 * the grid's; issues at `filters.<key>`); unknown keys refused; empty strings dropped.
 */
export const SavedSearchFiltersSchema = maxKeys(
  MAX_SAVED_SEARCH_FILTERS,
  z
    .record(z.string(), z.string({ error: rule('not_text') }), {
      error: (issue) => (issue.input === undefined ? rule('required') : rule('filter_parameters')),
    })
    .transform((filters, ctx) => {
      const kept: Partial<Record<SavedSearchFilterKey, string>> = {};
      for (const [key, value] of Object.entries(filters)) {
        if (!isFilterKey(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: rule('unknown_filter', { key: key.slice(0, 50) }),
          });
          continue;
        }
        if (value !== '') kept[key] = value;
      }
      const parsed = PropertyFiltersQuerySchema.safeParse(kept);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return kept;
    }),
);
export type SavedSearchFilters = z.output<typeof SavedSearchFiltersSchema>;

const savedSearchName = () =>
  storable(
    z
      .string({ error: rule('required') })
      .trim()
      .min(1, { error: rule('required') })
      .max(MAX_SAVED_SEARCH_NAME, { error: rule('too_long', { max: MAX_SAVED_SEARCH_NAME }) }),
  );

export const CreateSavedSearchBodySchema = z.object({
  name: savedSearchName(),
  /** `shared` only for editors and admins (a viewer's is refused with 403). */
  scope: SavedSearchScopeSchema,
  filters: SavedSearchFiltersSchema,
});
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBodySchema>;
export type CreateSavedSearchPayload = z.output<typeof CreateSavedSearchBodySchema>;

/** Rename, share or unshare, replace the filters: at least one of them. */
export const UpdateSavedSearchBodySchema = z
  .object({
    name: savedSearchName().optional(),
    scope: SavedSearchScopeSchema.optional(),
    filters: SavedSearchFiltersSchema.optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.scope !== undefined || body.filters !== undefined,
    { error: rule('required'), path: ['body'] },
  );
export type UpdateSavedSearchBody = z.input<typeof UpdateSavedSearchBodySchema>;
export type UpdateSavedSearchPayload = z.output<typeof UpdateSavedSearchBodySchema>;

/**
 * A subscription's mail (ADR 054), sent only when the server has SMTP_URL: none, one per alert,
 * or a daily digest at 08:00 America/Santiago.
 */
export const SAVED_SEARCH_EMAIL_MODES = ['off', 'immediate', 'daily'] as const;
export const SavedSearchEmailSchema = z.enum(SAVED_SEARCH_EMAIL_MODES, {
  error: rule('one_of', { options: SAVED_SEARCH_EMAIL_MODES.join(', ') }),
});
export type SavedSearchEmail = z.infer<typeof SavedSearchEmailSchema>;

/**
 * Follow a search (a shared one) or stop following it (any), and choose its mail. `locale` is the
 * language the user reads BEC in (the web sends its own): the user's mails are written in it
 * (es-CL until one is sent).
 */
export const SavedSearchSubscriptionBodySchema = z
  .object({
    subscribed: z.boolean({ error: rule('true_or_false') }).optional(),
    email: SavedSearchEmailSchema.optional(),
    locale: z.enum(LOCALES, { error: rule('one_of', { options: LOCALES.join(', ') }) }).optional(),
  })
  .refine((body) => body.subscribed !== undefined || body.email !== undefined, {
    error: rule('required'),
    path: ['subscribed'],
  });
export type SavedSearchSubscriptionBody = z.infer<typeof SavedSearchSubscriptionBodySchema>;

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: SavedSearchScopeSchema,
  owner_id: z.number().int(),
  owner_name: z.string(),
  /** The user owns it. */
  mine: z.boolean(),
  /** The grid's URL parameters: open `/properties?<these>`. */
  filters: z.record(z.string(), z.string()),
  subscribed: z.boolean(),
  /** The subscription's mail (sent only when the server has SMTP_URL and the user follows it). */
  email: SavedSearchEmailSchema,
  /**
   * Properties matching now that were added after the user last opened the search (after it was
   * saved, for a follower who never opened it), counted up to SAVED_SEARCH_NEW_COUNT_CAP.
   */
  new_count: z.number().int(),
  opened_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

/** The user's personal searches and every shared one: shared first, then by name. */
export const SavedSearchListSchema = z.array(SavedSearchSchema);
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

export const SavedSearchIdParamsSchema = z.object({ id: IdSchema });

export const ALERT_REASONS = ['added', 'now_matches'] as const;
export const AlertReasonSchema = z.enum(ALERT_REASONS);
export type AlertReason = z.infer<typeof AlertReasonSchema>;

export const AlertSchema = z.object({
  id: z.number().int(),
  saved_search_id: z.number().int(),
  saved_search_name: z.string(),
  property_id: z.number().int(),
  property_name: z.string(),
  /** `added`: a new property matches; `now_matches`: a change made it match. */
  reason: AlertReasonSchema,
  /** Who added or changed the property; null once that account is gone. */
  actor_name: z.string().nullable(),
  created_at: z.iso.datetime(),
  read_at: z.iso.datetime().nullable(),
});
export type Alert = z.infer<typeof AlertSchema>;

/** The user's alerts, newest first (keyset by id). */
export const AlertPageSchema = pageOf(AlertSchema);
export type AlertPage = z.infer<typeof AlertPageSchema>;

export const ALERTS_PAGE_SIZE = 20;
export const AlertsQuerySchema = z.object({
  limit: digitsText(100).default(ALERTS_PAGE_SIZE),
  cursor: CursorSchema.optional(),
});
export type AlertsQuery = z.output<typeof AlertsQuerySchema>;

export const UnreadAlertsSchema = z.object({ unread: z.number().int() });
export type UnreadAlerts = z.infer<typeof UnreadAlertsSchema>;

/** One-click unsubscribe from a saved search's mail (the signed link of every alert mail). */
export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: rule('required') })
    .min(1, { error: rule('required') })
    .max(200, { error: rule('too_long', { max: 200 }) }),
});
export const UnsubscribeResultSchema = z.object({
  /** null: the search no longer exists, or the user no longer follows it (no mail either way). */
  saved_search_name: z.string().nullable(),
  /** It was already off: the link had been used (or the mail turned off) before. */
  already: z.boolean(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;
