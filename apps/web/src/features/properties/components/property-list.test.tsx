import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PropertyList } from '@/features/properties/components/property-list';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { propertyCard } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const card = (id: number) =>
  propertyCard(id, { photo_url: `/photos/uploads/2025/03/${id}.jpg/card` });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('PropertyList', () => {
  it("loads the first row's photos at once, the first ahead of all, and the rest lazily", async () => {
    const ids = [1, 2, 3, 4, 5, 6];
    stubApi({
      'GET /api/properties': okReply({
        props: ids.map(card),
        next_cursor: null,
        total: ids.length,
        total_kind: 'exact',
        uf: null,
      }),
    });
    renderRoutes([{ path: '/', element: <PropertyList filters={{}} /> }], '/');
    await screen.findByRole('heading', { name: 'Propiedad 6' });

    const photos = ids.map((id) =>
      screen.getByRole('link', { name: new RegExp(`Propiedad ${id}\\b`) }).querySelector('img'),
    );
    expect(photos.map((img) => img?.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
    ]);
    expect(photos.map((img) => img?.getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('asks the API for the listing attribute filters and shows their cards', async () => {
    const { requestsTo } = stubApi({
      'GET /api/properties': okReply({
        props: [card(7)],
        next_cursor: null,
        total: 1,
        total_kind: 'exact',
        uf: null,
      }),
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <PropertyList
              filters={{
                rooms_min: 3,
                bathrooms_min: 2,
                parking_min: 1,
                common_expenses_max: 120_000,
              }}
            />
          ),
        },
      ],
      '/',
    );
    await screen.findByRole('heading', { name: 'Propiedad 7' });
    const [request] = requestsTo('GET /api/properties');
    expect(request?.search.toString()).toBe(
      'rooms_min=3&bathrooms_min=2&parking_min=1&common_expenses_max=120000',
    );
  });

  it('says, in Spanish, when a filter in UF could not compare the prices in pesos (no UF value)', async () => {
    // Spanish is the app's first language (ADR 015); the test setup starts each test in English.
    await activateLocale('es-CL');
    const answer = (notCompared: boolean, ids: number[]) =>
      okReply({
        props: ids.map(card),
        next_cursor: null,
        total: ids.length,
        total_kind: 'exact',
        uf: null,
        peso_prices_not_compared: notCompared,
      });
    stubApi({ 'GET /api/properties': answer(true, [8]) });
    const filters = { price_unit: 'UF' as const, price_min: 4000 };
    renderRoutes([{ path: '/', element: <PropertyList filters={filters} /> }], '/');
    await screen.findByRole('heading', { name: 'Propiedad 8' });
    expect(screen.getByText('Solo propiedades en UF')).toBeInTheDocument();
    expect(
      screen.getByText(/las con precio en pesos no se pueden comparar hasta que se conozca/i),
    ).toBeInTheDocument();
  });

  it('says it above an empty grid too, and says nothing when every price was compared', async () => {
    await activateLocale('es-CL');
    stubApi({
      'GET /api/properties': okReply({
        props: [],
        next_cursor: null,
        total: 0,
        total_kind: 'exact',
        uf: null,
        peso_prices_not_compared: true,
      }),
    });
    const first = renderRoutes(
      [{ path: '/', element: <PropertyList filters={{ price_unit: 'UF', price_max: 10 }} /> }],
      '/',
    );
    await screen.findByText('No se encontraron propiedades.');
    expect(screen.getByText('Solo propiedades en UF')).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    stubApi({
      'GET /api/properties': okReply({
        props: [card(9)],
        next_cursor: null,
        total: 1,
        total_kind: 'exact',
        uf: null,
        peso_prices_not_compared: false,
      }),
    });
    renderRoutes(
      [{ path: '/', element: <PropertyList filters={{ price_unit: 'UF', price_max: 9000 }} /> }],
      '/',
    );
    await screen.findByRole('heading', { name: 'Propiedad 9' });
    expect(screen.queryByText('Solo propiedades en UF')).toBeNull();
  });
});
