import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PropertyMapCard } from '@/features/properties/components/property-map-card';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';
import { errorReply, okReply, stubApi } from '@/testing/stub-api';

const ufPriced = {
  ...lasCondesHouse,
  id: 41,
  price_amount: 17_500,
  price_unit: 'UF' as const,
  price_clp: 693_750_000,
  price_uf: 17_500,
  price_per_sqm_uf: 72.92,
  photo_url: '/photos/abc/card?sig=1',
  uf: { date: '2025-03-05', value: 39_642.86, source: 'manual' as const },
};

const renderCard = () =>
  renderRoutes([{ path: '/data', element: <PropertyMapCard id={41} /> }], '/data');

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('PropertyMapCard', () => {
  it('shows cover, name (the link to the property), price as entered then converted, and UF/m²', async () => {
    stubApi({ 'GET /api/properties/41': okReply(ufPriced) });
    const { container } = renderCard();
    const link = await screen.findByRole('link', { name: 'Casa con jardín en Las Condes' });
    expect(link).toHaveAttribute('href', '/properties/41');
    expect(container.querySelector('img')).toHaveAttribute('src', '/photos/abc/card?sig=1');
    expect(screen.getByText('UF 17,500')).toBeInTheDocument();
    expect(screen.getByText(/≈ CLP\$ 693,750,000/)).toBeInTheDocument();
    expect(screen.getByText(/UF 72\.92\/m² · CLP\$ 2,875,000\/m² built/)).toBeInTheDocument();
    expect(screen.getByText('Las Condes, Metropolitana de Santiago')).toBeInTheDocument();
    // The grid card's shorthand and gastos comunes.
    expect(screen.getByText('5 bd · 3 ba · 2 pkg')).toBeInTheDocument();
    expect(screen.getByText('5 bedrooms, 3 bathrooms, 2 parking spaces')).toBeInTheDocument();
    expect(screen.getByText('Common exp. CLP$ 180,000')).toBeInTheDocument();
  });

  it('says why when the property cannot be loaded', async () => {
    stubApi({ 'GET /api/properties/41': errorReply(404, 'NOT_FOUND', 'Property not found') });
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: /);
  });
});
