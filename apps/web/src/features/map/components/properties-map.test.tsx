import type { MapClusters } from '@bec/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PropertiesMap } from '@/features/map/components/properties-map';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';
import { errorReply, okReply, type StubRequest, stubApi } from '@/testing/stub-api';

const TILES = {
  url: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
  attribution: [
    { text: '© ', href: null },
    { text: 'OpenStreetMap <contributors>', href: 'https://www.openstreetmap.org/copyright' },
  ],
};

const answer = (overrides: Partial<MapClusters> = {}): MapClusters => ({
  zoom: 4,
  clusters: [
    { lat: -33.45, lng: -70.65, count: 12 },
    { lat: -41.47, lng: -72.94, count: 3 },
  ],
  points: [{ id: 41, lat: -23.65, lng: -70.4, name: 'Casa Antofagasta' }],
  in_view: 16,
  truncated: false,
  located: 16,
  without_location: 23,
  ...overrides,
});

const UNLOCATED = '/properties?region_id=13&located=false';

function renderMap(filterQuery = 'region_id=13') {
  const cards: number[] = [];
  const view = renderRoutes(
    [
      {
        path: '/data',
        element: (
          <PropertiesMap
            filterQuery={filterQuery}
            tiles={TILES}
            unlocatedHref={UNLOCATED}
            renderPointCard={(id) => {
              cards.push(id);
              return <p>Card of property {id}</p>;
            }}
          />
        ),
      },
    ],
    '/data',
  );
  return { ...view, cards };
}

/**
 * A click as Chromium dispatches it (a PointerEvent from a mouse): jsdom's plain click would make
 * Leaflet take two quick clicks for a touch screen's double tap.
 */
const mouseClick = (element: Element) =>
  element.dispatchEvent(
    new PointerEvent('click', { bubbles: true, cancelable: true, pointerType: 'mouse' }),
  );

const bboxOf = (request: StubRequest) => ({
  west: Number(request.search.get('west')),
  south: Number(request.search.get('south')),
  east: Number(request.search.get('east')),
  north: Number(request.search.get('north')),
  zoom: Number(request.search.get('zoom')),
});

// Leaflet's chunk loads when the first map mounts: slower on a busy machine.
configure({ asyncUtilTimeout: 3000 });

// jsdom lays nothing out: the map gets the size a browser would give it.
beforeAll(() => {
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(480);
});
afterAll(() => vi.restoreAllMocks());
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('PropertiesMap', () => {
  it('asks for all of Chile with the filters (not the sort), and draws clusters and pins', async () => {
    const { requestsTo } = stubApi({ 'GET /api/market/map': okReply(answer()) });
    renderMap('region_id=13&visited=true&sort=price_asc');

    expect(await screen.findByRole('button', { name: '12 properties' })).toHaveTextContent('12');
    expect(screen.getByRole('button', { name: '3 properties' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Casa Antofagasta' })).toBeInTheDocument();

    const [request] = requestsTo('GET /api/market/map');
    expect(request?.search.get('region_id')).toBe('13');
    expect(request?.search.get('visited')).toBe('true');
    expect(request?.search.has('sort')).toBe(false);
    // The box, in plain decimals with 6 places, holds continental Chile; the zoom is whole.
    for (const key of ['west', 'south', 'east', 'north']) {
      expect(request?.search.get(key)).toMatch(/^-?\d{1,3}\.\d{6}$/);
    }
    const box = bboxOf(request as StubRequest);
    expect(box.west).toBeLessThanOrEqual(-76);
    expect(box.east).toBeGreaterThanOrEqual(-66.4);
    expect(box.south).toBeLessThanOrEqual(-56);
    expect(box.north).toBeGreaterThanOrEqual(-17.5);
    expect(Number.isInteger(box.zoom)).toBe(true);
    expect(box.zoom).toBeGreaterThanOrEqual(2);
  });

  it('draws clusters that would cover each other as one, holding both counts, apart again once zoomed in', async () => {
    // Santiago's and Concepción's clusters are 23 px apart at the zoom that shows all of Chile.
    let calls = 0;
    stubApi({
      'GET /api/market/map': () => {
        calls += 1;
        // The zoomed-in view's answer never comes: the first answer's markers are redrawn.
        if (calls > 1) return new Promise(() => undefined);
        return okReply(
          answer({
            clusters: [
              { lat: -33.45, lng: -70.65, count: 12 },
              { lat: -36.82, lng: -73.05, count: 3 },
            ],
          }),
        );
      },
    });
    const { container } = renderMap();
    const merged = await screen.findByRole('button', { name: '15 properties' });
    expect(merged).toHaveTextContent('15');
    expect(screen.queryByRole('button', { name: '12 properties' })).toBeNull();
    expect(screen.queryByRole('button', { name: '3 properties' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Casa Antofagasta' })).toBeInTheDocument();
    expect(screen.getByText('16 in this view')).toBeInTheDocument();

    // Two zooms in (Leaflet's + button), the previous answer still shown: they part.
    const zoomIn = container.ownerDocument.querySelector('.leaflet-control-zoom-in') as Element;
    fireEvent.click(zoomIn);
    fireEvent.click(zoomIn);
    expect(await screen.findByRole('button', { name: '12 properties' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 properties' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '15 properties' })).toBeNull();
  });

  it('says how many are on the map and in view, and links those without a location apart', async () => {
    stubApi({ 'GET /api/market/map': okReply(answer({ located: 1234, in_view: 16 })) });
    renderMap();
    expect(await screen.findByText('1,234 on the map')).toBeInTheDocument();
    expect(screen.getByText('16 in this view')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '23 without a location' })).toHaveAttribute(
      'href',
      UNLOCATED,
    );
    // The map is a named region, described by the hint under it.
    const region = screen.getByRole('region', { name: 'Map of the properties' });
    expect(region).toHaveAccessibleDescription(/figures above the map/);
  });

  it('offers no link when every match has a location', async () => {
    stubApi({ 'GET /api/market/map': okReply(answer({ without_location: 0 })) });
    renderMap();
    await screen.findByText('16 on the map');
    expect(screen.queryByRole('link', { name: /without a location/ })).toBeNull();
  });

  it('zooms in on a clicked cluster and asks for the new view', async () => {
    const { requestsTo } = stubApi({
      'GET /api/market/map': () =>
        requestsTo('GET /api/market/map').length > 1
          ? okReply(answer({ clusters: [], points: [], in_view: 0 }))
          : okReply(answer()),
    });
    renderMap();
    const cluster = await screen.findByRole('button', { name: '12 properties' });
    const before = bboxOf(requestsTo('GET /api/market/map')[0] as StubRequest);
    await userEvent.click(cluster);

    await waitFor(() => expect(requestsTo('GET /api/market/map')).toHaveLength(2));
    const after = bboxOf(requestsTo('GET /api/market/map')[1] as StubRequest);
    expect(after.zoom).toBe(before.zoom + 2);
    // Centred on the cluster.
    expect((after.west + after.east) / 2).toBeCloseTo(-70.65, 1);
    expect((after.south + after.north) / 2).toBeCloseTo(-33.45, 0);
    await waitFor(() => expect(screen.queryByRole('button', { name: '12 properties' })).toBeNull());
  });

  it('presses a cluster from the keyboard too', async () => {
    const { requestsTo } = stubApi({ 'GET /api/market/map': okReply(answer()) });
    renderMap();
    const cluster = await screen.findByRole('button', { name: '3 properties' });
    cluster.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(requestsTo('GET /api/market/map')).toHaveLength(2));
  });

  it("opens the app's card for a clicked pin, in a popup over the map", async () => {
    stubApi({ 'GET /api/market/map': okReply(answer()) });
    const { cards } = renderMap();
    await userEvent.click(await screen.findByRole('button', { name: 'Casa Antofagasta' }));
    const card = await screen.findByText('Card of property 41');
    expect(cards).toContain(41);
    const popup = card.closest('.leaflet-popup') as HTMLElement;
    expect(popup).not.toBeNull();
    // Leaflet's close button, worded in the page's language.
    mouseClick(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Card of property 41')).toBeNull());
  });

  it('aborts the request of a view it has left', async () => {
    let calls = 0;
    const { fetchMock } = stubApi({
      'GET /api/market/map': () => {
        calls += 1;
        // The first view's answer never comes.
        return calls === 1 ? new Promise(() => undefined) : okReply(answer());
      },
    });
    const { container } = renderMap();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const firstSignal = fetchMock.mock.calls[0]?.[1]?.signal as AbortSignal;
    expect(firstSignal.aborted).toBe(false);
    // The user zooms in (Leaflet's + button).
    const zoomIn = container.ownerDocument.querySelector('.leaflet-control-zoom-in') as Element;
    fireEvent.click(zoomIn);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(firstSignal.aborted).toBe(true);
    expect(await screen.findByRole('button', { name: '12 properties' })).toBeInTheDocument();
  });

  it('tells when the view holds too many properties to show them all', async () => {
    stubApi({
      'GET /api/market/map': okReply(answer({ zoom: 16, clusters: [], truncated: true })),
    });
    renderMap();
    expect(
      await screen.findByText(
        'This view holds more than 1,000 properties and only 1,000 are shown: zoom in to see them all.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failure with its reason, and tries again on request', async () => {
    let fail = true;
    stubApi({
      'GET /api/market/map': () =>
        fail
          ? errorReply(503, 'DATABASE_UNAVAILABLE', 'The database is not answering.')
          : okReply(answer()),
    });
    renderMap();
    expect(await screen.findByText('The map could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: '12 properties' })).toBeInTheDocument();
    expect(screen.queryByText('The map could not be loaded')).toBeNull();
  });

  it("loads tiles from the configured source with the page's origin as referrer, credited", async () => {
    stubApi({ 'GET /api/market/map': okReply(answer()) });
    const { container } = renderMap();
    await screen.findByText('16 on the map');
    const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(tile.src).toMatch(/^http:\/\/127\.0\.0\.1:9\/tiles\/\d+\/\d+\/\d+\.png$/);
      expect(tile.referrerPolicy).toBe('strict-origin-when-cross-origin');
    }
    const credit = container.querySelector('.leaflet-control-attribution') as HTMLElement;
    // The configured text stays text.
    const link = within(credit).getByRole('link', { name: 'OpenStreetMap <contributors>' });
    expect(link).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(credit).toHaveTextContent('© OpenStreetMap <contributors>');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
  });
});
