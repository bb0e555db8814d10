import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PropertyFilters as Filters } from '@/features/properties/api/get-properties';
import { PropertyFilters } from '@/features/properties/components/property-filters';
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
});
