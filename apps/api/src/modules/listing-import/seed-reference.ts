import { PROPERTY_TYPES } from '../../db/seed.js';
import comunas from '../../db/seed-data/chile-comunas.json' with { type: 'json' };
import type { ListingReference } from './listing-text.js';

/**
 * The seed's reference data as the readers get it from a new database: comunas by their official
 * code, and the types numbered in the order the seed inserts them (db/seed.ts). The corpus's
 * measurement (packages/testkit/src/listing-accuracy.ts) reads with it in the tests and the bench.
 */
export const seedListingReference: ListingReference = {
  comunas: comunas.regions.flatMap((r) =>
    r.comunas.map((c) => ({ id: Number(c.code), name: c.name })),
  ),
  propertyTypes: PROPERTY_TYPES.map((t, i) => ({ id: i + 1, name: t.name })),
};
