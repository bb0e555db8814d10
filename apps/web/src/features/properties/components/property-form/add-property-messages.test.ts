import { describe, expect, it } from 'vitest';
import { addPropertyFailureMessage } from '@/features/properties/components/property-form/add-property-messages';
import { activateLocale } from '@/i18n/i18n';
import { clientFailure } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

describe('addPropertyFailureMessage', () => {
  it('asks to log in again when no access token could be had', () => {
    expect(
      addPropertyFailureMessage(
        clientFailure(401, 'token_unavailable', {}, { code: 'UNAUTHENTICATED' }),
      ),
    ).toBe('Could not get the authentication token. Please log in again.');
  });

  it('says "Failed to add property: …" with why the server refused, in the current language', async () => {
    const refused = new ApiError(400, 'The property was not added: …', {
      code: 'VALIDATION_FAILED',
      issues: [{ field: 'city_id', rule: 'reference_missing', params: { id: 99999 } }],
    });
    expect(addPropertyFailureMessage(refused)).toBe(
      'Failed to add property: Comuna 99999 does not exist',
    );
    expect(
      addPropertyFailureMessage(new ApiError(403, 'Editors only', { code: 'FORBIDDEN' })),
    ).toBe('Failed to add property: You do not have permission to do this.');
    await activateLocale('es-CL');
    expect(addPropertyFailureMessage(refused)).toMatch(/La comuna 99999 no existe$/);
  });

  it('says "Error adding property: …" when the request itself failed', () => {
    expect(
      addPropertyFailureMessage(clientFailure(0, 'unreachable', { reason: 'Failed to fetch' })),
    ).toBe('Error adding property: Could not reach the API (Failed to fetch).');
    expect(addPropertyFailureMessage(new TypeError('boom'))).toBe('Error adding property: boom');
    expect(addPropertyFailureMessage('??')).toBe('Error adding property.');
  });
});
