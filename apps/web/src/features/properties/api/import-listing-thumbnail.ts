import type { ImportThumbnailBody } from '@bec/contracts';
import { apiDownload } from '@/lib/api-client';

/**
 * POST /api/properties/import/thumbnail (editors and admins): a small WebP of one proposed photo,
 * made by the API from the fetched image. The CSP draws no image of another site and an <img>
 * cannot carry the bearer token, so it comes as a blob (docs/decisions/045-import-photo-thumbnails.md).
 */
export async function fetchListingThumbnail(url: string, signal?: AbortSignal): Promise<Blob> {
  const body: ImportThumbnailBody = { url };
  return (await apiDownload('/properties/import/thumbnail', { method: 'POST', body, signal })).blob;
}
