import type { PropertyDetail } from '@bec/contracts';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PropertyDetails } from '@/features/properties/components/property-details';
import { activateLocale } from '@/i18n/i18n';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';

const renderDetails = (property: PropertyDetail) =>
  renderRoutes([{ path: '/', element: <PropertyDetails property={property} /> }], '/');

/** The details' value beside `label`, or null when there is no such row. */
function detailValue(label: string) {
  const term = screen.getAllByRole('term').find((element) => element.textContent === label);
  return term?.nextElementSibling?.textContent ?? null;
}

const noAttributes: PropertyDetail = {
  ...lasCondesHouse,
  bathrooms: null,
  parking_spaces: null,
  storage_units: null,
  common_expenses: null,
  floor: null,
  orientation: null,
  year_built: null,
};

describe('PropertyDetails: the listing attributes', () => {
  it('shows baños, estacionamientos, bodegas, gastos comunes, orientación and año, in Spanish', async () => {
    await act(() => activateLocale('es-CL'));
    renderDetails({ ...lasCondesHouse, floor: 12 });
    expect(detailValue('Dormitorios')).toBe('5');
    expect(detailValue('Baños')).toBe('3');
    expect(detailValue('Estacionamientos')).toBe('2');
    expect(detailValue('Bodegas')).toBe('1');
    expect(detailValue('Gastos comunes')).toBe('CLP$ 180.000 al mes');
    expect(detailValue('Piso')).toBe('12');
    expect(detailValue('Orientación')).toBe('Norponiente');
    // A year, not a number to group: 2004, not 2.004.
    expect(detailValue('Año de construcción')).toBe('2004');
  });

  it('writes a floor below 0 as the subterráneo it is, and the orientation by name', async () => {
    await act(() => activateLocale('es-CL'));
    const { unmount } = renderDetails({ ...lasCondesHouse, floor: -2, orientation: 'SO' });
    expect(detailValue('Piso')).toBe('Subterráneo 2');
    expect(detailValue('Orientación')).toBe('Surponiente');
    unmount();
    await act(() => activateLocale('en'));
    renderDetails({ ...lasCondesHouse, floor: -1, orientation: 'E', storage_units: 0 });
    expect(detailValue('Floor')).toBe('Basement 1');
    expect(detailValue('Orientation')).toBe('East');
    expect(detailValue('Storage units')).toBe('0');
    expect(detailValue('Common expenses')).toBe('CLP$ 180,000 a month');
    expect(detailValue('Year built')).toBe('2004');
  });

  it('says what a quick add still lacks, in Spanish, and shows the unknown as unknown', async () => {
    await act(() => activateLocale('es-CL'));
    renderDetails({ ...lasCondesHouse, address: null, land_sqmts: null, price_per_sqm: null });
    expect(screen.getByText('Falta completar')).toBeInTheDocument();
    expect(screen.getByText('Falta: Dirección y Superficie del terreno')).toBeInTheDocument();
    expect(detailValue('Dirección')).toBe('Sin dato');
    expect(detailValue('Superficie del terreno')).toBe('Sin dato');
    expect(detailValue('Superficie construida')).toBe('240 m²');
  });

  it('shows only the attributes stated', () => {
    renderDetails({ ...noAttributes, parking_spaces: 0 });
    expect(detailValue('Parking spaces')).toBe('0');
    for (const label of [
      'Bathrooms',
      'Storage units',
      'Common expenses',
      'Floor',
      'Orientation',
      'Year built',
    ]) {
      expect(detailValue(label), label).toBeNull();
    }
  });
});
