import type { UploadFailure } from '@/features/properties/components/photo-picker/upload-photos';
import { tokenMissingNotice } from '@/features/properties/components/property-form/add-property-messages';
import { t } from '@/i18n/i18n';
import { ApiError, TOKEN_UNAVAILABLE_MESSAGE } from '@/lib/api-error';

/**
 * The spec's alert when some PUTs failed (§8), each file with its reason:
 * "Error uploading some photos. Details: b.png: Upload failed: 413 Payload Too Large".
 */
export function uploadFailuresMessage(failures: UploadFailure[]): string {
  const details = failures
    .map(({ name, message }) => t('properties.photos.fileReason', { name, reason: message }))
    .join('; ');
  return t('properties.photos.uploadFailures', { details });
}

/**
 * The spec's alert when POST /api/photos/upload_url fails (§8), with the server's message, which
 * names the file it refused: "Failed to get photo upload URL: …". Without an access token, the
 * same notice as adding a property.
 */
export function uploadUrlFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message === TOKEN_UNAVAILABLE_MESSAGE) {
    return tokenMissingNotice();
  }
  const reason = error instanceof Error ? error.message : String(error);
  return t('properties.photos.uploadUrlFailed', { reason });
}
