import type { PropertyCard as PropertyCardData, UfValue } from '@bec/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PhotoPriority, PropertyCard } from '@/features/properties/components/property-card';
import { activateLocale } from '@/i18n/i18n';
import { renderRoutes } from '@/testing/render';

const card: PropertyCardData = {
  id: 42,
  name: 'Departamento luminoso en Providencia',
  address: 'Av. Pedro de Valdivia 1850, depto 702',
  price: 185_000_000,
  price_amount: 185_000_000,
  price_unit: 'CLP',
  price_clp: 185_000_000,
  price_uf: null,
  price_per_sqm_uf: null,
  building_sqmts: 78,
  land_sqmts: 78,
  visited: true,
  stage: 'visited',
  city_id: 13123,
  city_name: 'Providencia',
  region_id: 13,
  region_name: 'Metropolitana de Santiago',
  property_type_id: 1,
  property_type_name: 'Departamento',
  price_per_sqm: 2_371_795,
  area_basis: 'building',
  rooms: null,
  bathrooms: null,
  parking_spaces: null,
  common_expenses: null,
  photo_url: null,
  created_at: '2025-03-05T15:00:00.000Z',
  updated_at: '2025-03-05T15:00:00.000Z',
};

const UF = { date: '2026-11-24', value: 39643.59, source: 'cmf' } as const;

const renderCard = (
  property: PropertyCardData,
  photoPriority?: PhotoPriority,
  uf: UfValue | null = null,
) =>
  renderRoutes(
    [
      {
        path: '/',
        element: <PropertyCard property={property} uf={uf} photoPriority={photoPriority} />,
      },
    ],
    '/',
  );

describe('PropertyCard', () => {
  it('shows a UF price first, in UF, and its peso equivalent marked as converted, with the UF date', async () => {
    await activateLocale('es-CL');
    renderCard(
      {
        ...card,
        price_unit: 'UF',
        price_amount: 4500.5,
        price_clp: 178_416_000,
        price: 178_416_000,
        price_uf: 4500.5,
        price_per_sqm: 2_287_385,
        price_per_sqm_uf: 57.7,
      },
      undefined,
      UF,
    );
    expect(screen.getByText('UF 4.500,5')).toBeInTheDocument();
    expect(
      screen.getByText('≈ CLP$ 178.416.000, convertido con la UF del 24-11-2026 (CLP$ 39.643,59)'),
    ).toBeInTheDocument();
    expect(screen.getByText('UF 57,7/m² · CLP$ 2.287.385/m² construido')).toBeInTheDocument();
  });

  it('shows a CLP price first and its UF equivalent; a UF price without a UF value in UF only', async () => {
    renderCard({ ...card, price_uf: 4666.64, price_per_sqm_uf: 59.83 }, undefined, UF);
    expect(screen.getByText('CLP$ 185,000,000')).toBeInTheDocument();
    expect(
      screen.getByText('≈ UF 4,666.64, converted at the UF of Nov 24, 2026 (CLP$ 39,643.59)'),
    ).toBeInTheDocument();
    cleanup();
    renderCard(
      {
        ...card,
        price_unit: 'UF',
        price_amount: 4500,
        price_clp: null,
        price: null,
        price_uf: 4500,
        price_per_sqm: null,
      },
      undefined,
      null,
    );
    expect(screen.getByText('UF 4,500')).toBeInTheDocument();
    expect(screen.getByText('In UF only: the UF value is missing')).toBeInTheDocument();
  });

  it('shows the name, address, CLP price, comuna and region badge and created date', async () => {
    renderCard(card);
    const link = await screen.findByRole('link');
    expect(
      within(link).getByRole('heading', { name: 'Departamento luminoso en Providencia' }),
    ).toBeInTheDocument();
    expect(within(link).getByText('Av. Pedro de Valdivia 1850, depto 702')).toBeInTheDocument();
    expect(within(link).getByText('CLP$ 185,000,000')).toBeInTheDocument();
    expect(within(link).getByText('Providencia, Metropolitana de Santiago')).toBeInTheDocument();
    expect(within(link).getByText('Mar 5, 2025')).toHaveAttribute(
      'datetime',
      '2025-03-05T15:00:00.000Z',
    );
    expect(within(link).getByText(/^Created/)).toHaveTextContent('Created Mar 5, 2025');
  });

  it('marks a quick add "Falta completar", naming what is missing, and says its address is to come', async () => {
    await act(() => activateLocale('es-CL'));
    renderCard({ ...card, address: null, building_sqmts: null, land_sqmts: null });
    const link = await screen.findByRole('link');
    expect(
      within(link).getByTitle('Falta: Dirección, Superficie construida y Superficie del terreno'),
    ).toHaveTextContent('Falta completar');
    expect(within(link).getByText('Dirección por completar')).toBeInTheDocument();
    cleanup();
    renderCard(card);
    expect(within(await screen.findByRole('link')).queryByText('Falta completar')).toBeNull();
  });

  it('speaks Spanish when that is the language: its words and number and date formats', async () => {
    await act(() => activateLocale('es-CL'));
    const { unmount } = renderCard(card);
    const link = await screen.findByRole('link');
    expect(within(link).getByText('CLP$ 185.000.000')).toBeInTheDocument();
    expect(within(link).getByText('CLP$ 2.371.795/m² construido')).toBeInTheDocument();
    expect(within(link).getByText('Aún sin foto')).toBeInTheDocument();
    expect(within(link).getByText('05-03-2025')).toHaveAttribute(
      'datetime',
      '2025-03-05T15:00:00.000Z',
    );
    expect(within(link).getByText(/^Creada/)).toHaveTextContent('Creada el 05-03-2025');
    unmount();
    renderCard({ ...card, price_per_sqm: 45_000, area_basis: 'land' });
    expect(await screen.findByText('CLP$ 45.000/m² de terreno')).toBeInTheDocument();
  });

  it('follows a change of language while shown', async () => {
    renderCard(card);
    expect(await screen.findByText('CLP$ 185,000,000')).toBeInTheDocument();
    await act(() => activateLocale('es-CL'));
    expect(await screen.findByText('CLP$ 185.000.000')).toBeInTheDocument();
    expect(screen.getByText('Aún sin foto')).toBeInTheDocument();
  });

  it('shows the price per m² on the area it is based on, and nothing when it is unknown', async () => {
    const { unmount } = renderCard(card);
    expect(await screen.findByText('CLP$ 2,371,795/m² built')).toBeInTheDocument();
    unmount();
    const lot = renderCard({ ...card, price_per_sqm: 45_000, area_basis: 'land' });
    expect(await screen.findByText('CLP$ 45,000/m² land')).toBeInTheDocument();
    lot.unmount();
    renderCard({ ...card, price_per_sqm: null });
    await screen.findByRole('link');
    expect(screen.queryByText(/\/m²/)).not.toBeInTheDocument();
  });

  it('links the whole card to the property detail', async () => {
    renderCard(card);
    expect(await screen.findByRole('link')).toHaveAttribute('href', '/properties/42');
  });

  it('shows a neutral placeholder when there is no photo', async () => {
    renderCard(card);
    expect(await screen.findByText('No photo yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the cover photo when there is one: the card copy, its box sized, lazy-loaded', async () => {
    renderCard({ ...card, photo_url: '/photos/uploads/2025/03/a.jpg/card?expires=1&sig=x' });
    const link = await screen.findByRole('link', { name: /Departamento luminoso en Providencia/ });
    // Decorative (alt=""): the link's name comes from the heading, read once.
    const cover = link.querySelector('img');
    expect(cover).toHaveAttribute('alt', '');
    expect(cover).toHaveAttribute('src', '/photos/uploads/2025/03/a.jpg/card?expires=1&sig=x');
    // Its box is known before the photo arrives: nothing below it moves when it does.
    expect(cover).toHaveAttribute('width', '480');
    expect(cover).toHaveAttribute('height', '180');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('decoding', 'async');
    expect(cover).not.toHaveAttribute('fetchpriority');
    expect(screen.queryByText('No photo yet')).not.toBeInTheDocument();
  });

  it('loads the photo at once in the first row, and first of all on the first card', async () => {
    const withPhoto = { ...card, photo_url: '/photos/uploads/2025/03/a.jpg/card' };
    const { unmount } = renderCard(withPhoto, 'eager');
    const eager = (await screen.findByRole('link')).querySelector('img');
    expect(eager).toHaveAttribute('loading', 'eager');
    expect(eager).not.toHaveAttribute('fetchpriority');
    unmount();

    renderCard(withPhoto, 'high');
    const first = (await screen.findByRole('link')).querySelector('img');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('width', '480');
    expect(first).toHaveAttribute('height', '180');
  });

  it('shows the portals\' "3D · 2B · 1E" and the gastos comunes, heard in full', async () => {
    await act(() => activateLocale('es-CL'));
    renderCard({ ...card, rooms: 3, bathrooms: 2, parking_spaces: 1, common_expenses: 120_000 });
    // The link (the whole card) is named with the full readings, never "3D", "GC".
    const link = await screen.findByRole('link', {
      name: /3 dormitorios, 2 baños, 1 estacionamiento Gastos comunes: CLP\$ 120\.000 al mes/,
    });
    const counts = within(link).getByText('3D · 2B · 1E');
    expect(counts).toHaveAttribute('aria-hidden', 'true');
    expect(counts).toHaveAttribute('title', '3 dormitorios, 2 baños, 1 estacionamiento');
    const expenses = within(link).getByText('GC CLP$ 120.000');
    expect(expenses).toHaveAttribute('aria-hidden', 'true');
    expect(expenses).toHaveAttribute('title', 'Gastos comunes: CLP$ 120.000 al mes');
    expect(link).not.toHaveAccessibleName(/3D|GC/);
  });

  it('shows only the figures stated (0 is one), in English too', async () => {
    const { unmount } = renderCard({ ...card, rooms: null, bathrooms: 1, parking_spaces: 0 });
    const link = await screen.findByRole('link', { name: /1 bathroom, 0 parking spaces/ });
    expect(within(link).getByText('1 ba · 0 pkg')).toBeInTheDocument();
    expect(within(link).queryByText(/bd|Common exp/)).not.toBeInTheDocument();
    unmount();
    renderCard({ ...card, rooms: 2, common_expenses: 85_500 });
    const second = await screen.findByRole('link', {
      name: /2 bedrooms Common expenses: CLP\$ 85,500 a month/,
    });
    expect(within(second).getByText('2 bd')).toBeInTheDocument();
    expect(within(second).getByText('Common exp. CLP$ 85,500')).toBeInTheDocument();
  });

  it('shows no attributes line when none is stated', async () => {
    renderCard(card);
    await screen.findByRole('link');
    expect(screen.queryByTestId('listing-counts')).not.toBeInTheDocument();
    expect(screen.queryByTestId('listing-common-expenses')).not.toBeInTheDocument();
  });
});
