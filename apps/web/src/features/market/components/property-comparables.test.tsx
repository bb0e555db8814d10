import type { Comparable, Comparables, PropertyDetail } from '@bec/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';
import { errorReply, okReply, type StubRoute, stubApi } from '@/testing/stub-api';
import { PropertyComparables } from './property-comparables';

/** A depto in Ñuñoa, with coordinates. */
const property: PropertyDetail = {
  ...lasCondesHouse,
  id: 5,
  name: 'Departamento cerca de Plaza Ñuñoa',
  city_id: 13120,
  city_name: 'Ñuñoa',
  property_type_id: 2,
  property_type_name: 'Departamento',
  latitude: -33.4561,
  longitude: -70.5977,
};

const comparable = (id: number, distance: number, overrides: Partial<Comparable> = {}) => ({
  id,
  name: `Depto ${id}`,
  city_name: 'Ñuñoa',
  price_amount: 4000 + id,
  price_unit: 'UF' as const,
  price_clp: 158_574_360,
  price_uf: 4000 + id,
  price_per_sqm_uf: 70 + id,
  distance_m: distance,
  ...overrides,
});

const comparables = (overrides: Partial<Comparables> = {}): Comparables => ({
  id: 5,
  uf_per_sqm: 61.9,
  peers: { rooms: null, count: 18, median_uf_per_sqm: 55.25, percentile: 72.2 },
  nearest: [
    comparable(11, 120),
    comparable(12, 850),
    comparable(13, 1000, { city_name: 'Providencia', price_per_sqm_uf: null }),
    comparable(14, 12_400),
    comparable(15, 103_250, { price_unit: 'CLP', price_amount: 90_000_000 }),
  ],
  uf: { date: '2026-11-24', value: 39643.59, source: 'cmf' },
  ...overrides,
});

/** The section as the app composes it, with a price shown plainly by the route's renderer. */
function renderComparables(reply: StubRoute, shown: PropertyDetail = property) {
  const api = stubApi({ 'GET /api/market/comparables/5': reply });
  const renderPrice = vi.fn((c: Comparable) => <span>{`${c.price_unit} ${c.price_amount}`}</span>);
  const view = renderRoutes(
    [
      {
        path: '/properties/:id',
        element: <PropertyComparables property={shown} renderPrice={renderPrice} />,
      },
    ],
    '/properties/5',
  );
  return { api, renderPrice, ...view };
}

const section = () => screen.getByRole('region', { name: 'Comparables' });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('PropertyComparables', () => {
  it("places the property's UF/m² among its peers: the percentile and how many", async () => {
    const { api } = renderComparables(okReply(comparables()));
    expect(
      await screen.findByText(
        'Per m², this property is dearer than 72% of the 18 properties of type Departamento in Ñuñoa.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET /api/market/comparables/5')).toHaveLength(1);
    expect(within(section()).getByText('UF 61.9/m²')).toBeInTheDocument();
    expect(within(section()).getByText('Median of Departamento in Ñuñoa')).toBeInTheDocument();
    expect(within(section()).getByText('UF 55.25/m²')).toBeInTheDocument();
  });

  it('below the middle, says how much cheaper it is', async () => {
    renderComparables(
      okReply(
        comparables({ peers: { rooms: null, count: 6, median_uf_per_sqm: 70, percentile: 25 } }),
      ),
    );
    expect(
      await screen.findByText(
        'Per m², this property is cheaper than 75% of the 6 properties of type Departamento in Ñuñoa.',
      ),
    ).toBeInTheDocument();
  });

  it('says when only the peers within one dormitorio were compared', async () => {
    renderComparables(
      okReply(
        comparables({
          peers: { rooms: { min: 2, max: 4 }, count: 7, median_uf_per_sqm: 58, percentile: 60 },
        }),
      ),
    );
    expect(
      await screen.findByText('Only those with 2 to 4 bedrooms are compared.'),
    ).toBeInTheDocument();
  });

  it('says there is not enough data under 5 peers, and gives no percentile', async () => {
    renderComparables(
      okReply(
        comparables({ peers: { rooms: null, count: 3, median_uf_per_sqm: 60, percentile: null } }),
      ),
    );
    expect(
      await screen.findByText('Not enough data (3 comparables; 5 needed)'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'It is compared with the properties of type Departamento in Ñuñoa that have a price and an area.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/dearer than|cheaper than/)).not.toBeInTheDocument();
  });

  it('compares nothing when the property has no UF/m² of its own', async () => {
    renderComparables(okReply(comparables({ uf_per_sqm: null })));
    expect(
      await screen.findByText(
        'This property has no UF/m² (its area is 0, or the UF value is missing), so it is not compared with the others.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/dearer than|cheaper than|Not enough data/)).not.toBeInTheDocument();
  });

  it('lists the nearest of the same type, nearest first, with price, UF/m² and distance', async () => {
    const { renderPrice } = renderComparables(okReply(comparables()));
    const table = await screen.findByRole('table', { name: 'Nearest of type Departamento' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Depto 11', 'Ñuñoa', 'UF 4011', 'UF 81/m²', '120 m'],
      ['Depto 12', 'Ñuñoa', 'UF 4012', 'UF 82/m²', '850 m'],
      ['Depto 13', 'Providencia', 'UF 4013', '—', '1 km'],
      ['Depto 14', 'Ñuñoa', 'UF 4014', 'UF 84/m²', '12.4 km'],
      ['Depto 15', 'Ñuñoa', 'CLP 90000000', 'UF 85/m²', '103.3 km'],
    ]);
    expect(within(table).getByRole('link', { name: 'Depto 12' })).toHaveAttribute(
      'href',
      '/properties/12',
    );
    // The route's renderer gets each comparable with the UF the figures were converted at.
    expect(renderPrice).toHaveBeenCalledWith(
      expect.objectContaining({ id: 11 }),
      expect.objectContaining({ value: 39643.59 }),
    );
  });

  it('says the nearest cannot be found without coordinates', async () => {
    renderComparables(okReply(comparables({ nearest: [] })), {
      ...property,
      latitude: null,
      longitude: null,
    });
    expect(
      await screen.findByText(
        'This property has no coordinates: the nearest ones cannot be found.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure and loads again on Try again', async () => {
    let calls = 0;
    renderComparables(() => {
      calls += 1;
      return calls === 1 ? errorReply(500, 'INTERNAL', 'boom') : okReply(comparables());
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not load the comparables: /);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/dearer than 72%/)).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    await activateLocale('es-CL');
    renderComparables(okReply(comparables()));
    expect(
      await screen.findByText(
        /^Por m², esta propiedad es más cara que el 72\s?% de las 18 propiedades de tipo Departamento en Ñuñoa\.$/,
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Las más cercanas de tipo Departamento' });
    expect(within(table).getByText('12,4 km')).toBeInTheDocument();
    expect(within(table).getByText('UF 81/m²')).toBeInTheDocument();
  });
});
