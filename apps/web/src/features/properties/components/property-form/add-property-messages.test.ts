import { describe, expect, it } from 'vitest';
import { addPropertyFailureMessage } from '@/features/properties/components/property-form/add-property-messages';
import { ApiError, TOKEN_UNAVAILABLE_MESSAGE } from '@/lib/api-error';

describe('addPropertyFailureMessage', () => {
  it('asks to log in again when no access token could be had', () => {
    expect(
      addPropertyFailureMessage(
        new ApiError(401, TOKEN_UNAVAILABLE_MESSAGE, { code: 'UNAUTHENTICATED' }),
      ),
    ).toBe('Could not get the authentication token. Please log in again.');
  });

  it('says "Failed to add property: …" with the message of a server that refused', () => {
    expect(
      addPropertyFailureMessage(
        new ApiError(400, 'The property was not added: city_id: Comuna 99999 does not exist', {
          code: 'VALIDATION_FAILED',
        }),
      ),
    ).toBe(
      'Failed to add property: The property was not added: city_id: Comuna 99999 does not exist',
    );
    expect(addPropertyFailureMessage(new ApiError(403, 'Editors only'))).toBe(
      'Failed to add property: Editors only',
    );
  });

  it('says "Error adding property: …" when the request itself failed', () => {
    expect(
      addPropertyFailureMessage(new ApiError(0, 'Could not reach the API (Failed to fetch).')),
    ).toBe('Error adding property: Could not reach the API (Failed to fetch).');
    expect(addPropertyFailureMessage(new TypeError('boom'))).toBe('Error adding property: boom');
    expect(addPropertyFailureMessage('??')).toBe('Error adding property.');
  });
});
