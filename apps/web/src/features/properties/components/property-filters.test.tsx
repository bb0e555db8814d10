import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PropertyFilters as Filters } from '@/features/properties/api/get-properties';
import { PropertyFilters } from '@/features/properties/components/property-filters';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

/**
 * The bar under a page whose filters change late, as a URL changed in a transition does on a
 * slow device: each change waits until `land()` is called.
 */
function renderWithLateFilters(initial: Filters = {}) {
  stubApi({
    'GET /api/regions': okReply([]),
    'GET /api/property-types': okReply([]),
    'GET /api/brokers': okReply([]),
  });
  const waiting: Filters[] = [];
  let apply: (patch: Filters) => void = () => undefined;
  function Page() {
    const [filters, setFilters] = useState(initial);
    apply = (patch) => setFilters((current) => ({ ...current, ...patch }));
    return (
      <PropertyFilters
        filters={filters}
        onChange={(patch) => waiting.push(patch)}
        onClear={() => waiting.push({ q: undefined })}
      />
    );
  }
  renderWithProviders(<Page />);
  const land = () =>
    act(() => {
      for (const patch of waiting.splice(0)) apply(patch);
    });
  /** A change that did not come from the bar (a link, the browser's back button). */
  const elsewhere = (patch: Filters) => act(() => apply(patch));
  return { waiting, land, elsewhere };
}

describe('PropertyFilters', () => {
  it("keeps what was typed after a pause when that pause's search reaches the page late", async () => {
    const user = userEvent.setup();
    const { waiting, land } = renderWithLateFilters();
    const search = screen.getByRole('searchbox', { name: 'Search' });

    await user.type(search, 'casa pla');
    // Typing paused: the search is sent, but the page has not taken it yet.
    await waitFor(() => expect(waiting).toEqual([{ q: 'casa pla' }]));
    await user.type(search, 'y');
    land();
    expect(search).toHaveValue('casa play');
    await waitFor(() => expect(waiting).toEqual([{ q: 'casa play' }]));
    land();
    expect(search).toHaveValue('casa play');
    expect(search).toHaveFocus();
  });

  it('follows a search changed elsewhere, even to a value it once sent itself', async () => {
    const user = userEvent.setup();
    const { waiting, land, elsewhere } = renderWithLateFilters({ q: 'casa' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveValue('casa');

    elsewhere({ q: 'depto' });
    expect(search).toHaveValue('depto');

    await user.clear(search);
    await user.type(search, 'casa');
    await waitFor(() => expect(waiting.at(-1)).toEqual({ q: 'casa' }));
    land();
    expect(search).toHaveValue('casa');
    elsewhere({ q: 'parcela' });
    expect(search).toHaveValue('parcela');
    elsewhere({ q: 'casa' });
    expect(search).toHaveValue('casa');
  });

  it('offers minimum dormitorios, baños and estacionamientos: any, then 1+ to 5+', async () => {
    const user = userEvent.setup();
    const { waiting, land } = renderWithLateFilters();
    const bedrooms = screen.getByRole('combobox', { name: 'Min. bedrooms' });
    expect(bedrooms).toHaveValue('Any');
    await user.click(bedrooms);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any',
      '1+',
      '2+',
      '3+',
      '4+',
      '5+',
    ]);
    await user.click(screen.getByRole('option', { name: '3+' }));
    expect(waiting).toEqual([{ rooms_min: 3 }]);
    land();
    expect(bedrooms).toHaveValue('3+');

    await user.click(screen.getByRole('combobox', { name: 'Min. bathrooms' }));
    await user.click(screen.getByRole('option', { name: '2+' }));
    await user.click(screen.getByRole('combobox', { name: 'Min. parking spaces' }));
    await user.click(screen.getByRole('option', { name: '1+' }));
    await user.click(bedrooms);
    await user.click(screen.getByRole('option', { name: 'Any' }));
    expect(waiting).toEqual([{ bathrooms_min: 2 }, { parking_min: 1 }, { rooms_min: undefined }]);
  });

  it('shows a minimum from a link that it does not offer', () => {
    renderWithLateFilters({ bathrooms_min: 7 });
    expect(screen.getByRole('combobox', { name: 'Min. bathrooms' })).toHaveValue('7+');
  });

  it('reads the maximum gastos comunes as the price boxes do: "120.000" and "120000" alike', async () => {
    const user = userEvent.setup();
    const { waiting, land } = renderWithLateFilters();
    const expenses = screen.getByRole('textbox', { name: 'Max. common expenses' });
    await user.type(expenses, '120.000');
    // What was typed once typing paused (a slow machine may pause within it too).
    await waitFor(() => expect(waiting.at(-1)).toEqual({ common_expenses_max: 120_000 }));
    land();
    expect(screen.getByText('Read as: CLP$ 120,000')).toBeInTheDocument();
    await user.clear(expenses);
    await user.type(expenses, '95000');
    await waitFor(() => expect(waiting.at(-1)).toEqual({ common_expenses_max: 95_000 }));
  });

  it('says why a gastos comunes maximum cannot filter, and does not send it', async () => {
    const user = userEvent.setup();
    const { waiting } = renderWithLateFilters();
    const expenses = screen.getByRole('textbox', { name: 'Max. common expenses' });
    await user.type(expenses, '200.000.000');
    expect(expenses).toHaveAccessibleDescription(/maximum common expenses must be between 0 and/i);
    await user.clear(expenses);
    await user.type(expenses, '1.234.5');
    await user.tab();
    expect(expenses).toHaveAccessibleDescription(/can be read more than one way/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(waiting).toEqual([]);
  });

  it('names the new filters in Spanish', async () => {
    await act(() => activateLocale('es-CL'));
    renderWithLateFilters({ common_expenses_max: 120_000 });
    for (const name of ['Dormitorios mín.', 'Baños mín.', 'Estacionamientos mín.']) {
      expect(screen.getByRole('combobox', { name })).toHaveValue('Cualquiera');
    }
    expect(screen.getByRole('textbox', { name: 'Gastos comunes máx.' })).toHaveValue('120.000');
  });
});
