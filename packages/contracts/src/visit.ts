import { z } from 'zod';
import { INT32_MAX, int32Id, storable, versionStamp } from './common.js';
import { rule } from './issues.js';
import { PhotoSchema } from './photo.js';

/*
 * A property's visits: when, who went, notes, a 1–5 rating and photos (ADR 018). A visit in the
 * past moves a new or to-visit property to visited; one ahead moves a new property to to visit.
 */

export const MAX_VISIT_NOTES = 5000;
export const MAX_VISIT_PHOTOS = 20;
/** No visit before this (a slipped year); none more than MAX_VISIT_DAYS_AHEAD days ahead. */
export const EARLIEST_VISIT = '2000-01-01';
export const MAX_VISIT_DAYS_AHEAD = 730;
/** At most this many of a member's upcoming visits are listed (soonest first). */
export const MAX_UPCOMING_VISITS = 20;
/** A property's visits are listed newest first, at most this many. */
export const MAX_LISTED_VISITS = 200;

const DAY_MS = 86_400_000;
/** The latest moment a visit may be set at, as of `now`. */
export const latestVisitAt = (now = Date.now()) => new Date(now + MAX_VISIT_DAYS_AHEAD * DAY_MS);

/** A member as a visit names them. */
export const VisitorSchema = z.object({ id: z.number().int(), name: z.string() });
export type Visitor = z.infer<typeof VisitorSchema>;

export const VisitSchema = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  visited_at: z.iso.datetime(),
  /** Null when the member who went was deleted since. */
  visitor: VisitorSchema.nullable(),
  notes: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  /** In the order taken. */
  photos: z.array(PhotoSchema),
  created_by_name: z.string().nullable(),
  updated_at: z.iso.datetime(),
});
export type Visit = z.infer<typeof VisitSchema>;

/** A property's visits, newest first. */
export const VisitListSchema = z.object({ visits: z.array(VisitSchema) });
export type VisitList = z.infer<typeof VisitListSchema>;

/** One of the signed-in member's visits ahead, with where to go. */
export const UpcomingVisitSchema = VisitSchema.omit({ photos: true }).extend({
  property_name: z.string(),
  address: z.string().nullable(),
  city_name: z.string(),
});
export type UpcomingVisit = z.infer<typeof UpcomingVisitSchema>;

/** The signed-in member's visits from now on, soonest first (at most MAX_UPCOMING_VISITS). */
export const UpcomingVisitsSchema = z.object({ visits: z.array(UpcomingVisitSchema) });
export type UpcomingVisits = z.infer<typeof UpcomingVisitsSchema>;

/** The members a visit can name as its visitor. */
export const VisitorListSchema = z.object({ items: z.array(VisitorSchema) });
export type VisitorList = z.infer<typeof VisitorListSchema>;

/** An uploaded photo's path, as /api/photos/upload_url handed it out. */
const uploadPath = storable(
  z
    .string({ error: rule('invalid') })
    .min(1, { error: rule('invalid') })
    .max(300, { error: rule('too_long', { max: 300 }) }),
);

const visitedAt = z.iso.datetime({ offset: true, error: rule('date_time') }).refine(
  (text) => {
    const at = Date.parse(text);
    return at >= Date.parse(`${EARLIEST_VISIT}T00:00:00Z`) && at <= latestVisitAt().getTime();
  },
  {
    error: () =>
      rule('between', {
        min: EARLIEST_VISIT,
        max: latestVisitAt().toISOString().slice(0, 10),
      }),
  },
);

const visitFields = {
  visited_at: visitedAt,
  /** The member who went (or goes): a member's user id. */
  visitor_id: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? rule('required') : rule('not_a_number'),
    })
    .int({ error: rule('whole_number') })
    .positive({ error: rule('choose_one') })
    .max(INT32_MAX, { error: rule('id_beyond', { first: INT32_MAX + 1 }) }),
  notes: storable(
    z
      .string({ error: rule('not_text') })
      .max(MAX_VISIT_NOTES, { error: rule('too_long', { max: MAX_VISIT_NOTES }) }),
  )
    .nullable()
    .default(null),
  rating: z
    .number({ error: rule('not_a_number') })
    .int({ error: rule('whole_number') })
    .min(1, { error: rule('between', { min: 1, max: 5 }) })
    .max(5, { error: rule('between', { min: 1, max: 5 }) })
    .nullable()
    .default(null),
};

/** A rating is for a visit that took place, not one still ahead. */
function checkRating(
  value: { visited_at: string; rating: number | null },
  ctx: z.RefinementCtx<{ visited_at: string; rating: number | null }>,
) {
  if (value.rating !== null && Date.parse(value.visited_at) > Date.now())
    ctx.addIssue({ code: 'custom', path: ['rating'], message: rule('rating_after_visit') });
}

/** Logging a visit: its photos are new uploads by path. */
export const VisitBodySchema = z
  .object({
    ...visitFields,
    photos: z
      .array(uploadPath, { error: rule('upload_paths') })
      .max(MAX_VISIT_PHOTOS, { error: rule('too_many_uploads', { max: MAX_VISIT_PHOTOS }) })
      .default([]),
  })
  .superRefine(checkRating);
export type VisitBody = z.input<typeof VisitBodySchema>;
export type VisitPayload = z.output<typeof VisitBodySchema>;

/**
 * Editing a visit: the same fields plus the `updated_at` it was loaded with (lost-update
 * protection), and `photos` in their order: a number keeps a photo by id, a string attaches an
 * upload by its path; photos left out are removed.
 */
export const UpdateVisitBodySchema = z
  .object({
    ...visitFields,
    updated_at: versionStamp(),
    photos: z
      .array(z.union([int32Id('not_positive'), uploadPath], { error: rule('invalid') }), {
        error: rule('photo_entries'),
      })
      .max(MAX_VISIT_PHOTOS, { error: rule('too_many_uploads', { max: MAX_VISIT_PHOTOS }) })
      .default([]),
  })
  .superRefine(checkRating);
export type UpdateVisitBody = z.input<typeof UpdateVisitBodySchema>;
export type UpdateVisitPayload = z.output<typeof UpdateVisitBodySchema>;

export const VisitResultSchema = z.object({
  id: z.number().int(),
  updated_at: z.iso.datetime(),
});
export type VisitResult = z.infer<typeof VisitResultSchema>;
