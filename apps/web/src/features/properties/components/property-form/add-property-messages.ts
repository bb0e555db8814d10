import { t } from '@/i18n/i18n';
import { ApiError, errorText } from '@/lib/api-error';
import { isTokenUnavailable } from '@/lib/error-text';

/** The success text (docs/product.md, What the add form says): "Property added successfully!". */
export const propertyAddedMessage = () => t('properties.addForm.added');

/** The text when no access token can be had (docs/product.md, What the add form says). */
export const tokenMissingNotice = () => t('properties.addForm.tokenMissing');

/**
 * What the editor is told when adding a property failed (docs/product.md, What the add form says):
 * - no access token: "Could not get the authentication token. Please log in again.";
 * - the server answered and refused: "Failed to add property: {why, in the user's language}";
 * - the request itself failed (no answer, or something unexpected): "Error adding property: …".
 */
export function addPropertyFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (isTokenUnavailable(error)) return tokenMissingNotice();
    if (error.status === 0) return t('properties.addForm.error', { message: errorText(error) });
    return t('properties.addForm.failed', { message: errorText(error) });
  }
  if (error instanceof Error && error.message) {
    return t('properties.addForm.error', { message: error.message });
  }
  return t('properties.addForm.errorUnknown');
}
