import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PropertyList } from '@/features/properties/components/property-list';
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
});
