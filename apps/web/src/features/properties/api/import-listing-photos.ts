import { type ImportedPhotos, ImportedPhotosSchema } from '@bec/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/properties/import/photos (editors and admins): the listing's chosen photos fetched
 * into the caller's uploads, answered as `{url, path}`; the form sends each path among its photos
 * as for any upload.
 */
export const importListingPhotos = (
  urls: string[],
  signal?: AbortSignal,
): Promise<ImportedPhotos> =>
  apiRequest('/properties/import/photos', ImportedPhotosSchema, {
    method: 'POST',
    body: { urls },
    signal,
  });
