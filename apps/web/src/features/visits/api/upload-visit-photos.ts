import { UploadUrlEntrySchema } from '@bec/contracts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** A PUT that storage did not accept: its HTTP status (0 when nothing answered). */
export class VisitPhotoUploadError extends Error {
  override readonly name = 'VisitPhotoUploadError';
  constructor(
    readonly fileName: string,
    readonly status: number,
  ) {
    super(`${fileName}: ${status}`);
  }
}

/**
 * The photos' half of logging a visit, the same signed flow as a property's: one
 * POST /api/photos/upload_url for all the files, then a PUT of each straight to its signed URL
 * (storage, not the API: the CSP's connect-src names it) with the signed headers. Answers the
 * storage paths, in the order given, for the visit's `photos`.
 */
export async function uploadVisitPhotos(files: File[]): Promise<string[]> {
  if (files.length === 0) return [];
  const entries = await apiRequest('/photos/upload_url', z.array(UploadUrlEntrySchema), {
    method: 'POST',
    body: files.map((file) => ({ name: file.name, content_type: file.type, size: file.size })),
  });
  return Promise.all(
    files.map(async (file, index) => {
      const entry = entries[index];
      if (!entry) throw new VisitPhotoUploadError(file.name, 0);
      const headers = new Headers({ 'Content-Type': file.type });
      for (const [name, value] of Object.entries(entry.headers)) headers.set(name, value);
      let response: Response;
      try {
        response = await fetch(entry.url, { method: 'PUT', body: file, headers });
      } catch {
        throw new VisitPhotoUploadError(file.name, 0);
      }
      if (!response.ok) throw new VisitPhotoUploadError(file.name, response.status);
      return entry.path;
    }),
  );
}
