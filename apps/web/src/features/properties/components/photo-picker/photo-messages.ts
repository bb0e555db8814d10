import type { UploadFailure } from '@/entities/uploads/upload-photos';
import { tokenMissingNotice } from '@/features/properties/components/property-form/add-property-messages';
import { t } from '@/i18n/i18n';
import { errorText } from '@/lib/api-error';
import { isTokenUnavailable } from '@/lib/error-text';

/**
 * The alert when some PUTs failed (docs/product.md, What the add form says), each file with its reason:
 * "Error uploading some photos. Details: b.png: Upload failed: 413 Payload Too Large".
 */
export function uploadFailuresMessage(failures: UploadFailure[]): string {
  const details = failures
    .map(({ name, message }) => t('properties.photos.fileReason', { name, reason: message }))
    .join('; ');
  return t('properties.photos.uploadFailures', { details });
}

/**
 * The alert when POST /api/photos/upload_url fails (docs/product.md, What the add form says), with the server's reason in the
 * user's language, which names the file it refused: "Failed to get photo upload URL: …". Without
 * an access token, the same notice as adding a property.
 */
export function uploadUrlFailureMessage(error: unknown): string {
  if (isTokenUnavailable(error)) return tokenMissingNotice();
  return t('properties.photos.uploadUrlFailed', { reason: errorText(error) });
}
