import {
  type ImportedListing,
  ImportedListingSchema,
  type ImportListingBody,
} from '@bec/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/properties/import (editors and admins): a pasted listing's text or its link read into
 * a proposal of the add form's fields, each with the words it came from; saves nothing
 * (docs/decisions/039-importing-a-listing.md). A link takes up to the server's 10 s fetch, so the
 * panel can cancel it.
 */
export const importListing = (
  body: ImportListingBody,
  signal?: AbortSignal,
): Promise<ImportedListing> =>
  apiRequest('/properties/import', ImportedListingSchema, { method: 'POST', body, signal });
