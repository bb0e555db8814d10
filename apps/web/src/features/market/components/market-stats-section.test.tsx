import type { MarketStats, StatsFigures, StatsRow } from '@bec/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GridFilterPatch } from '@/features/market/grid-filter';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';
import { errorReply, okReply, type StubRoute, stubApi } from '@/testing/stub-api';
import { MarketStatsSection } from './market-stats-section';

// The charts are a lazy chunk (recharts): loaded once, up front, so a cold import under load
// (CI runs the API suites beside this) cannot outlast a test's 1 s wait, nor the file itself
// (an import cut off by the file's teardown fails for every later file, ADR 049).
beforeAll(async () => {
  await import('./market-stats-charts');
});

const figures = (overrides: Partial<StatsFigures> = {}): StatsFigures => ({
  count: 10,
  visited: 4,
  price_uf: { p25: 3200, median: 4500.5, p75: 6100 },
  price_clp: { p25: 126_859_488, median: 178_415_977, p75: 241_825_899 },
  uf_per_sqm: { p25: 60, median: 85.3, p75: 110.25 },
  newest_at: '2026-11-20T15:00:00.000Z',
  newest_id: 41,
  ...overrides,
});

const row = (id: number, name: string, overrides: Partial<StatsFigures> = {}): StatsRow => ({
  id,
  name,
  ...figures(overrides),
});

/** Grouped by comuna, largest first as the API sends them. */
const byComuna = (): MarketStats => ({
  group: 'comuna',
  rows: [
    row(13123, 'Providencia', {
      count: 30,
      visited: 12,
      uf_per_sqm: { p25: 70, median: 90, p75: 120 },
      newest_id: 7,
    }),
    row(13120, 'Ñuñoa', {
      count: 12,
      visited: 5,
      uf_per_sqm: { p25: 60, median: 75.5, p75: 95 },
      newest_at: '2026-11-22T15:00:00.000Z',
      newest_id: 8,
    }),
    row(13114, 'Las Condes', {
      count: 5,
      visited: 5,
      price_uf: null,
      price_clp: null,
      uf_per_sqm: null,
      newest_at: '2026-10-01T15:00:00.000Z',
      newest_id: 9,
    }),
  ],
  all: figures({ count: 47, visited: 22 }),
  histogram: [
    { from: 50, to: 70, count: 8 },
    { from: 70, to: 90, count: 20 },
    { from: 90, to: 110, count: 14 },
  ],
  uf: { date: '2026-11-24', value: 39643.59, source: 'cmf' },
  computed_at: '2026-11-24T15:04:00.000Z',
  updating: false,
});

const byRegion = (): MarketStats => ({
  ...byComuna(),
  group: 'region',
  rows: [row(13, 'Metropolitana de Santiago', { count: 47, visited: 22 })],
});

/** What the app hands the section: the grid's URL with the current filters and the row's. */
const gridHref = (patch: GridFilterPatch) =>
  `/properties?${new URLSearchParams({
    region_id: '13',
    ...Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, String(value)])),
  })}`;

function renderSection(path = '/data?region_id=13&visited=true&sort=price_asc') {
  return renderRoutes(
    [
      {
        path: '/data',
        element: <MarketStatsSection filterQuery="region_id=13&visited=true" gridHref={gridHref} />,
      },
      { path: '/properties', element: <p>The grid</p> },
    ],
    path,
  );
}

const stubStats = (reply: StubRoute) => stubApi({ 'GET /api/market/stats': reply });

/** The table's body rows' first cells (the names), in the order shown. */
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('MarketStatsSection', () => {
  it('asks for the statistics of the current filters grouped by comuna, and shows them', async () => {
    const api = stubStats(okReply(byComuna()));
    renderSection();
    const table = await screen.findByRole('table');
    const [request] = api.requestsTo('GET /api/market/stats');
    expect(Object.fromEntries(request?.search ?? [])).toEqual({
      region_id: '13',
      visited: 'true',
      group: 'comuna',
    });

    expect(
      screen.getByText(
        'In all, 47 properties, 22 visited · median price UF 4,500.5 (UF 3,200 to UF 6,100) · median UF 85.3/m² (UF 60/m² to UF 110.25/m²)',
      ),
    ).toBeInTheDocument();
    expect(names()).toEqual(['Providencia', 'Ñuñoa', 'Las Condes']);
    const nunoa = within(table).getByRole('row', { name: /Ñuñoa/ });
    const cells = within(nunoa).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '12',
      '5',
      'UF 4,500.5UF 3,200 to UF 6,100',
      'CLP$ 178,415,977CLP$ 126,859,488 to CLP$ 241,825,899',
      'UF 75.5/m²UF 60/m² to UF 95/m²',
      'Nov 22, 2026',
    ]);
    expect(within(nunoa).getByRole('link', { name: 'Nov 22, 2026' })).toHaveAttribute(
      'href',
      '/properties/8',
    );
    const lasCondes = within(table).getByRole('row', { name: /Las Condes/ });
    expect(within(lasCondes).getAllByText('No data')).toHaveLength(3);
  });

  it("links each row's name to the grid filtered to it, beside the current filters", async () => {
    stubStats(okReply(byComuna()));
    const { router } = renderSection();
    const link = await screen.findByRole('link', { name: 'Ñuñoa' });
    expect(link).toHaveAttribute('href', '/properties?region_id=13&city_id=13120');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/properties');
    expect(router.state.location.search).toBe('?region_id=13&city_id=13120');
  });

  it('groups by region when chosen, keeping the choice in the URL beside the filters', async () => {
    const api = stubStats((request) =>
      okReply(request.search.get('group') === 'region' ? byRegion() : byComuna()),
    );
    const { router } = renderSection();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('radio', { name: 'Region' }));

    const link = await screen.findByRole('link', { name: 'Metropolitana de Santiago' });
    expect(link).toHaveAttribute('href', '/properties?region_id=13');
    expect(api.requestsTo('GET /api/market/stats').map((r) => r.search.get('group'))).toEqual([
      'comuna',
      'region',
    ]);
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      region_id: '13',
      visited: 'true',
      sort: 'price_asc',
      group: 'region',
    });
    expect(screen.getByRole('columnheader', { name: /Region/ })).toBeInTheDocument();
  });

  it('starts grouped as the URL says', async () => {
    const api = stubStats(okReply(byRegion()));
    renderSection('/data?group=type');
    await screen.findByRole('table');
    expect(api.requestsTo('GET /api/market/stats')[0]?.search.get('group')).toBe('type');
    expect(screen.getByRole('radio', { name: 'Type' })).toBeChecked();
  });

  it('sorts by a column when its header is clicked, and the other way when clicked again', async () => {
    stubStats(okReply(byComuna()));
    renderSection();
    await screen.findByRole('table');
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });
    expect(header(/^Properties/)).toHaveAttribute('aria-sort', 'descending');
    expect(header(/^UF\/m²/)).toHaveAttribute('aria-sort', 'none');

    // Largest median first; a row without a figure last either way.
    await userEvent.click(within(header(/^UF\/m²/)).getByRole('button'));
    expect(header(/^UF\/m²/)).toHaveAttribute('aria-sort', 'descending');
    expect(header(/^Properties/)).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Providencia', 'Ñuñoa', 'Las Condes']);
    await userEvent.click(within(header(/^UF\/m²/)).getByRole('button'));
    expect(header(/^UF\/m²/)).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Ñuñoa', 'Providencia', 'Las Condes']);

    // Names A to Z first (Ñ after N, as Spanish sorts it).
    await userEvent.click(within(header(/^Comuna/)).getByRole('button'));
    expect(header(/^Comuna/)).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Las Condes', 'Ñuñoa', 'Providencia']);

    await userEvent.click(within(header(/^Newest/)).getByRole('button'));
    expect(names()).toEqual(['Ñuñoa', 'Providencia', 'Las Condes']);
  });

  it('draws the charts as figures that name the table as their text equivalent', async () => {
    stubStats(okReply(byComuna()));
    renderSection();
    const bars = await screen.findByRole('figure', {
      name: /^Bar chart: Median UF\/m² by comuna\. The same figures are in the statistics table/,
    });
    const histogram = screen.getByRole('figure', { name: /^Histogram: how many properties/ });
    const caption = screen.getByText(/^Properties that match the filters, by comuna/);
    expect(caption.id).not.toBe('');
    expect(bars).toHaveAttribute('aria-describedby', caption.id);
    expect(histogram).toHaveAttribute('aria-describedby', caption.id);
    expect(within(bars).getByText('Median UF/m² by comuna')).toBeInTheDocument();
  });

  it('says when no property matches the filters', async () => {
    stubStats(
      okReply({
        ...byComuna(),
        rows: [],
        histogram: [],
        all: figures({
          count: 0,
          visited: 0,
          price_uf: null,
          price_clp: null,
          uf_per_sqm: null,
          newest_at: null,
          newest_id: null,
        }),
      }),
    );
    renderSection();
    expect(await screen.findByText('No property matches the filters')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure with its reason and loads again on Try again', async () => {
    let calls = 0;
    stubStats(() => {
      calls += 1;
      return calls === 1 ? errorReply(503, 'DATABASE_UNAVAILABLE', 'down') : okReply(byComuna());
    });
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not load the statistics: /);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says when figures being computed again are from, and asks again until the new ones come', async () => {
    let calls = 0;
    stubStats(() => {
      calls += 1;
      return okReply(
        calls === 1
          ? { ...byComuna(), updating: true }
          : { ...byComuna(), all: figures({ count: 48, visited: 22 }) },
      );
    });
    renderSection();
    // 15:04 UTC is 12:04 in Chile in November.
    expect(await screen.findByText('Figures from 12:04 PM · updating')).toBeInTheDocument();
    expect(screen.getByText(/^In all, 47 properties/)).toBeInTheDocument();
    expect(
      await screen.findByText(/^In all, 48 properties/, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/updating/)).not.toBeInTheDocument();
  });

  it('keeps the previous figures out of reach while the new grouping loads', async () => {
    let release: () => void = () => {};
    const regionReady = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubStats(async ({ search }) => {
      if (search.get('group') !== 'region') return okReply(byComuna());
      await regionReady;
      return okReply(byRegion());
    });
    renderSection();
    await screen.findByRole('rowheader', { name: 'Ñuñoa' });
    await userEvent.click(screen.getByRole('radio', { name: 'Region' }));
    // The comunas stay on screen, dimmed, but no row of them can be clicked or focused.
    const busy = screen.getByRole('table').closest('[aria-busy]');
    await waitFor(() => expect(busy).toHaveAttribute('inert'));
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    expect(
      await screen.findByRole('rowheader', { name: 'Metropolitana de Santiago' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy]')).not.toHaveAttribute('inert');
  });

  it('formats the figures in Spanish', async () => {
    await activateLocale('es-CL');
    stubStats(okReply({ ...byComuna(), updating: true }));
    renderSection();
    expect(await screen.findByText('Cifras de las 12:04 · actualizando')).toBeInTheDocument();
    const nunoa = await screen.findByRole('row', { name: /Ñuñoa/ });
    expect(within(nunoa).getByText('UF 75,5/m²')).toBeInTheDocument();
    expect(within(nunoa).getByText('entre UF 60/m² y UF 95/m²')).toBeInTheDocument();
    expect(within(nunoa).getByText('CLP$ 178.415.977')).toBeInTheDocument();
    expect(
      screen.getByText(/^En total, 47 propiedades, 22 visitadas · precio mediano UF 4\.500,5/),
    ).toBeInTheDocument();
  });
});
