import type { PropertyDetail } from '@bec/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/features/properties/messages';
import { clearOfflineQueue, listQueueItems } from '@/entities/offline-queue/store';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { QuickAddForm } from '@/features/properties/components/quick-add/quick-add-form';
import { activateLocale } from '@/i18n/i18n';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { SANTIAGO_REGION, PROPERTY_TYPES as TYPES } from '@/testing/reference-fixtures';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const REGIONS = [SANTIAGO_REGION];

/** A property the phone holds, in Ñuñoa, about 90 m from where the phone says it is. */
const known: PropertyDetail = {
  ...lasCondesHouse,
  id: 9,
  city_id: 13120,
  city_name: 'Ñuñoa',
  latitude: -33.4569,
  longitude: -70.5978,
};

function stubPosition(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: false,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => answer(ok, fail),
    },
  });
}

function renderForm() {
  const api = stubApi({
    'GET /api/regions': okReply(REGIONS),
    'GET /api/property-types': okReply(TYPES),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(propertyKeys.detail(known.id), known);
  const onSaved = vi.fn();
  renderWithProviders(<QuickAddForm target={{ userId: 2 }} onSaved={onSaved} />, {
    queryClient,
  });
  return { api, onSaved };
}

const comuna = () => screen.getByRole('combobox', { name: /^Comuna/ });

beforeEach(async () => {
  await clearOfflineQueue();
  await act(() => activateLocale('es-CL'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QuickAddForm (ADR 048)', () => {
  it('keeps a property seen in the street on the phone, offline, with its photo, position and suggested comuna', async () => {
    stubPosition((ok) =>
      ok({
        coords: { latitude: -33.4561, longitude: -70.5974, accuracy: 12 },
      } as GeolocationPosition),
    );
    const { api, onSaved } = renderForm();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(comuna()).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación' }));
    expect(
      await screen.findByText(/Comuna sugerida: Ñuñoa, la de la propiedad conocida más cercana/),
    ).toBeInTheDocument();
    expect(comuna()).toHaveValue('Ñuñoa');

    await user.type(screen.getByRole('textbox', { name: /^Nombre/ }), 'Depto 3D 2B esquina');
    await user.click(screen.getByRole('combobox', { name: /^Tipo de propiedad/ }));
    await user.click(await screen.findByRole('option', { name: 'Departamento' }));
    await user.click(screen.getByRole('radio', { name: 'UF' }));
    await user.type(screen.getByRole('textbox', { name: /^Precio/ }), '5.450,5');
    const photo = new File(['jpeg'], 'fachada.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Fotos'), photo);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [item] = await listQueueItems(2);
    expect(item).toMatchObject({
      kind: 'property',
      label: 'Depto 3D 2B esquina',
      state: 'pending',
      body: {
        name: 'Depto 3D 2B esquina',
        property_type_id: 2,
        price: 5450.5,
        price_unit: 'UF',
        city_id: 13120,
        latitude: -33.4561,
        longitude: -70.5974,
        address: null,
        building_sqmts: null,
        land_sqmts: null,
      },
      photos: [{ name: 'fachada.jpg', type: 'image/jpeg' }],
    });
    // Offline: nothing but the reference data was asked for.
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    // The form is empty again for the next one.
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('');
  });

  it('says why without a position, and names in Spanish what a quick add still needs', async () => {
    stubPosition((_ok, fail) => fail({ code: 1, message: 'denied' } as GeolocationPositionError));
    const { onSaved } = renderForm();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(comuna()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Usar mi ubicación' }));
    expect(
      await screen.findByText('No diste permiso para usar tu ubicación: elige la comuna.'),
    ).toBeInTheDocument();
    expect(comuna()).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    for (const message of [
      'Falta el nombre',
      'Falta la comuna',
      'Falta el precio',
      'Falta el tipo de propiedad',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveFocus();
    expect(onSaved).not.toHaveBeenCalled();
    expect(await listQueueItems(2)).toEqual([]);
  });
});
