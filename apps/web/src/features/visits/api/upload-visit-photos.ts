import { uploadPhotos } from '@/entities/uploads/upload-photos';
import { t } from '@/i18n/i18n';

/** A photo that storage did not take, worded for the visit form: "x.jpg could not be uploaded (code 413)". */
export class VisitPhotoUploadError extends Error {
  override readonly name = 'VisitPhotoUploadError';
}

/**
 * The photos' half of logging a visit, through the shared upload pipeline (entities/uploads): one
 * POST /api/photos/upload_url for all the files, then a PUT of each straight to its signed URL,
 * a few at a time. Answers the storage paths, in the order given, for the visit's `photos`;
 * rejects with the URL request's error, a VisitPhotoUploadError naming the first file that
 * failed, or an AbortError when `signal` aborts.
 */
export async function uploadVisitPhotos(
  files: File[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<string[]> {
  if (files.length === 0) return [];
  const jobs = files.map((file, index) => ({ id: String(index), file, contentType: file.type }));
  const result = await uploadPhotos(jobs, {
    signal,
    failureMessage: (name, error) =>
      t('visits.form.uploadFailed', { name, status: error?.status ?? 0 }),
  });
  if (result.status === 'urls-failed') throw result.error;
  if (result.status === 'files-failed')
    throw new VisitPhotoUploadError(result.failures[0]?.message);
  return jobs.map((job) => result.paths.get(job.id) ?? '');
}
