import { ApiError, TOKEN_UNAVAILABLE_MESSAGE } from '@/lib/api-error';

/** The spec's success text (section 8). */
export const PROPERTY_ADDED_MESSAGE = 'Property added successfully!';

/** The spec's text when no access token can be had (section 8). */
export const TOKEN_MISSING_NOTICE = 'Could not get the authentication token. Please log in again.';

/**
 * What the editor is told when adding a property failed (spec section 8):
 * - no access token: "Could not get the authentication token. Please log in again.";
 * - the server answered and refused: "Failed to add property: {its message}";
 * - the request itself failed (no answer, or something unexpected): "Error adding property: …".
 */
export function addPropertyFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message === TOKEN_UNAVAILABLE_MESSAGE) return TOKEN_MISSING_NOTICE;
    if (error.status === 0) return `Error adding property: ${error.message}`;
    return `Failed to add property: ${error.message}`;
  }
  if (error instanceof Error && error.message) return `Error adding property: ${error.message}`;
  return 'Error adding property.';
}
