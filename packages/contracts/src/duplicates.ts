import { z } from 'zod';
import { int32Id } from './common.js';
import { CreatePropertyBodySchema } from './property.js';

/*
 * Duplicate warnings (ADR 018): before an add or an edit is saved, the form asks which
 * stored properties look like the one being entered. Advisory only: the editor may save anyway.
 */

/** What makes a stored property a likely duplicate. */
export const DUPLICATE_REASONS = ['address', 'nearby', 'photo'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** The same type within this many metres is a likely duplicate. */
export const DUPLICATE_NEARBY_METRES = 50;
/** At most this many candidates come back (those with the most reasons, then the nearest). */
export const MAX_DUPLICATE_CANDIDATES = 10;

// The property contract's own checks, so a field refused here is refused the same way on save.
const fields = CreatePropertyBodySchema.shape;

export const DuplicateCheckBodySchema = z.object({
  address: fields.address,
  city_id: fields.city_id,
  property_type_id: fields.property_type_id,
  latitude: fields.latitude,
  longitude: fields.longitude,
  /** The form's photos uploaded but not attached yet (their upload paths), compared by content. */
  photos: fields.photos,
  /** The property being edited, which is never its own duplicate. */
  exclude_id: int32Id('not_positive').nullable().default(null),
});
export type DuplicateCheckBody = z.input<typeof DuplicateCheckBodySchema>;
export type DuplicateCheck = z.output<typeof DuplicateCheckBodySchema>;

export const DuplicateCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city_name: z.string(),
  property_type_name: z.string(),
  /** The candidate's cover, card-sized; null without photos. */
  photo_url: z.string().nullable(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)).min(1),
  /** Metres between the two when both have coordinates, else null. */
  distance_m: z.number().int().nonnegative().nullable(),
});
export type DuplicateCandidate = z.infer<typeof DuplicateCandidateSchema>;

export const DuplicateCandidatesSchema = z.object({
  candidates: z.array(DuplicateCandidateSchema).max(MAX_DUPLICATE_CANDIDATES),
});
export type DuplicateCandidates = z.infer<typeof DuplicateCandidatesSchema>;
