import { CreatePropertyBodySchema, PutUfValueBodySchema } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { clientFailure } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import {
  contractErrors,
  errorText,
  fieldErrorTexts,
  firstProblem,
  isTokenUnavailable,
} from '@/lib/error-text';

/** A 400 as the API sends it: English sentences for anyone, issues to word in any language. */
const refused = new ApiError(400, 'The property was not added: …', {
  code: 'VALIDATION_FAILED',
  fieldErrors: {
    name: ['Name must be at most 200 characters'],
    price: ['Price must be a whole number of pesos'],
    city_id: ['Comuna 5 does not exist'],
    'photos.2': ['This photo was not uploaded by you, or is attached already'],
  },
  issues: [
    { field: 'name', rule: 'too_long', params: { max: 200 } },
    { field: 'price', rule: 'whole_pesos', params: {} },
    { field: 'city_id', rule: 'reference_missing', params: { id: 5 } },
    { field: 'photos.2', rule: 'photo_not_owned', params: {} },
  ],
});

describe("the API's validation issues", () => {
  it('read in Spanish, field by field, once Spanish is the language', async () => {
    await activateLocale('es-CL');
    expect(fieldErrorTexts(refused)).toEqual({
      name: ['El nombre puede tener como máximo 200 caracteres'],
      price: ['El precio debe ser un número entero de pesos'],
      city_id: ['La comuna 5 no existe'],
      'photos.2': ['Esta foto no la subiste tú, o ya está adjunta a una propiedad'],
    });
    expect(errorText(refused)).toBe(
      'El nombre puede tener como máximo 200 caracteres; El precio debe ser un número entero de pesos; La comuna 5 no existe; Esta foto no la subiste tú, o ya está adjunta a una propiedad',
    );
  });

  it('read in English as the API wrote them', async () => {
    await activateLocale('en');
    expect(fieldErrorTexts(refused)).toEqual(refused.fieldErrors);
  });

  it('say how many more problems the API found than it sent (ADR 059)', async () => {
    const many = new ApiError(400, 'Invalid request: …', {
      code: 'VALIDATION_FAILED',
      issues: [{ field: 'filters', rule: 'too_many_keys', params: { max: 19 } }],
      issues_omitted: 3,
    });
    await activateLocale('es-CL');
    expect(errorText(many)).toBe('Como máximo 19 entradas en los filtros; y 3 problemas más');
    expect(fieldErrorTexts(many)).toEqual({ filters: ['Como máximo 19 entradas en los filtros'] });
    await activateLocale('en');
    expect(errorText(many)).toBe('At most 19 entries in filters; and 3 more problems');
    expect(errorText(new ApiError(400, 'x', { ...many, issues_omitted: 1 }))).toMatch(
      /; and 1 more problem$/,
    );
  });

  it("fall back to the API's English field errors from a server that sends no issues", async () => {
    await activateLocale('es-CL');
    const old = new ApiError(400, 'Invalid', { fieldErrors: { price: ['Must be a number'] } });
    expect(fieldErrorTexts(old)).toEqual({ price: ['Must be a number'] });
    expect(fieldErrorTexts(new Error('boom'))).toEqual({});
  });
});

describe('other failures', () => {
  it('read by their reason and its values when the API gives one (who changed a property)', async () => {
    const conflict = new ApiError(409, 'This property was changed by Elena Editora after …', {
      code: 'CONFLICT',
      reason: { code: 'property_changed_by', params: { name: 'Elena Editora' } },
    });
    await activateLocale('es-CL');
    expect(errorText(conflict)).toBe(
      'Elena Editora cambió esta propiedad después de que la abriste. Recárgala para ver los cambios y vuelve a editarla.',
    );
    await activateLocale('en');
    expect(errorText(conflict)).toBe(
      'This property was changed by Elena Editora after you opened it. Reload it to see the changes, then edit again.',
    );
  });

  it('read by their code in the current language', async () => {
    const lastAdmin = new ApiError(409, 'BEC needs at least one admin: …', { code: 'LAST_ADMIN' });
    await activateLocale('es-CL');
    expect(errorText(lastAdmin)).toBe(
      'BEC necesita al menos un administrador: nombra administrador a otro miembro antes de quitarle el rol o eliminar al último.',
    );
    await activateLocale('en');
    expect(errorText(lastAdmin)).toBe(
      'BEC needs at least one admin: make another member admin before demoting or removing the last one.',
    );
  });

  it("this side's own: no API, no token, a download cut off", async () => {
    const unreachable = clientFailure(0, 'unreachable', { reason: 'Failed to fetch' });
    const noToken = clientFailure(401, 'token_unavailable', {}, { code: 'UNAUTHENTICATED' });
    const cut = clientFailure(0, 'download_cut', { reason: 'network error' });
    await activateLocale('es-CL');
    expect(errorText(unreachable)).toBe('No se pudo contactar la API (Failed to fetch).');
    expect(errorText(noToken)).toBe('No se pudo obtener un token de autenticación nuevo.');
    await activateLocale('en');
    expect(errorText(unreachable)).toBe('Could not reach the API (Failed to fetch).');
    expect(errorText(noToken)).toBe('Failed to retrieve a fresh authentication token.');
    expect(errorText(cut)).toBe('The download was cut off (network error); try again.');
    expect(isTokenUnavailable(noToken)).toBe(true);
    expect(isTokenUnavailable(unreachable)).toBe(false);
  });

  it('say what they say when they are no ApiError, or an answer with no code', async () => {
    await activateLocale('es-CL');
    expect(errorText(new TypeError('boom'))).toBe('boom');
    expect(errorText('??')).toBe('??');
    expect(errorText(new ApiError(200, 'Not today'))).toBe('Not today');
  });
});

describe("the contracts' checks in a form", () => {
  const valid = {
    name: 'Casa',
    address: 'Camino 1',
    city_id: 13101,
    price: 1000,
    building_sqmts: 10,
    land_sqmts: 10,
    property_type_id: 1,
  };
  const validate = contractErrors(CreatePropertyBodySchema);

  it('say in Spanish what the contract refuses, one problem per field', async () => {
    await activateLocale('es-CL');
    expect(validate({})).toEqual({
      name: 'Falta el nombre',
      city_id: 'Falta la comuna',
      price: 'Falta el precio',
      property_type_id: 'Falta el tipo de propiedad',
    });
    expect(
      validate({ ...valid, price: 10.5, rooms: -1, city_id: 0, google_maps_url: 'ftp://x' }),
    ).toEqual({
      price: 'El precio debe ser un número entero de pesos',
      rooms: 'El número de dormitorios no puede ser menor que cero',
      city_id: 'Elige la comuna',
      google_maps_url: 'El enlace de Google Maps debe ser un enlace http o https',
    });
    expect(validate(valid)).toEqual({});
  });

  it('say the same in English as the API does', async () => {
    await activateLocale('en');
    expect(validate({ ...valid, name: '', city_id: 0, latitude: 91 })).toEqual({
      name: 'Name is required',
      city_id: 'Choose a comuna',
      latitude: 'Latitude must be between -90 and 90',
    });
    expect(firstProblem(PutUfValueBodySchema, { value: 5 })).toBe(
      'UF value must be between 1000 and 100000 pesos',
    );
    await activateLocale('es-CL');
    expect(firstProblem(PutUfValueBodySchema, { value: 5 })).toBe(
      'El valor de la UF debe estar entre 1.000 y 100.000 pesos',
    );
    expect(firstProblem(PutUfValueBodySchema, { value: 39_000 })).toBeNull();
  });
});
