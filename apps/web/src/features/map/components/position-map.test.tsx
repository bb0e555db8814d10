import { configure, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PositionMap } from '@/features/map/components/position-map';
import { renderWithProviders } from '@/testing/render';

const TILES = {
  url: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  attribution: [{ text: 'Acme', href: null }],
};

/** The tile (x, y) holding a position at `zoom`, as Web Mercator numbers them. */
function tileOf(lat: number, lng: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

// Leaflet's chunk loads when the first map mounts: slower on a busy machine.
configure({ asyncUtilTimeout: 3000 });

beforeAll(() => {
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(256);
});
afterAll(() => vi.restoreAllMocks());

describe('PositionMap', () => {
  it('loads and draws the map only once its frame comes into view', async () => {
    // Leaflet's chunk already loaded: out of view, only the wait keeps the map away.
    await Promise.all([
      import('leaflet/dist/leaflet-src.esm.js'),
      import('leaflet/dist/leaflet.css'),
    ]);
    const observed: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const { container } = renderWithProviders(
        <PositionMap lat={-33.4069} lng={-70.5365} name="Casa en Las Condes" tiles={TILES} />,
      );
      expect(screen.getByRole('region', { name: 'Location' })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(container.querySelector('.leaflet-container')).toBeNull();

      for (const callback of observed)
        callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
      await waitFor(() =>
        expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the property's position on a small map at street level, under its title", async () => {
    const { container } = renderWithProviders(
      <PositionMap lat={-33.4069} lng={-70.5365} name="Casa en Las Condes" tiles={TILES} />,
    );
    const section = screen.getByRole('region', { name: 'Location' });
    const map = await screen.findByRole('region', { name: 'Map of where Casa en Las Condes is' });
    expect(section).toContainElement(map);

    // The pin sits on the position: the tile under the map's centre is the one holding it.
    const { x, y } = tileOf(-33.4069, -70.5365, 15);
    const sources = () =>
      [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((tile) => tile.src);
    await waitFor(() => expect(sources()).toContain(`http://127.0.0.1:9/15/${x}/${y}.png`));
    await waitFor(() => expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1));
    // The pin only shows the place: no button to tab to, no popup.
    expect(screen.queryByRole('button', { name: /Casa/ })).toBeNull();
    expect(screen.getByText('Acme')).toBeInTheDocument();
  });
});
