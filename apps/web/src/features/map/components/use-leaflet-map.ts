import { type ClientConfig, MAP_MAX_ZOOM } from '@bec/contracts';
import type { Map as LeafletMap, MapOptions } from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type Leaflet, useLeaflet } from '@/features/map/api/load-leaflet';
import { useT } from '@/i18n/use-t';

/** The configured tile source (MAP_TILES_URL, MAP_TILES_ATTRIBUTION), from the client config. */
export type MapTiles = ClientConfig['map_tiles'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The tiles' credit line as Leaflet's attribution control takes it (HTML): the configured text
 * escaped, its links opening in a new tab.
 */
const attributionHtml = (parts: MapTiles['attribution']) =>
  parts
    .map(({ text, href }) =>
      href === null
        ? escapeHtml(text)
        : `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`,
    )
    .join('');

export type LeafletMapOptions = {
  /** Sets where the map starts (fitBounds, setView); runs once, before any tile is asked for. */
  start: (map: LeafletMap) => void;
  /** Leaflet's options beyond the zoom range, which is the tiles'. */
  options?: MapOptions;
  /** False while the map should wait (out of sight): Leaflet is not loaded until it is true. */
  enabled?: boolean;
};

export type LeafletMapState = {
  /** Leaflet's module, once loaded. */
  L: Leaflet | null;
  /** The map, once made (null before, and after unmount). */
  map: LeafletMap | null;
  /** Leaflet's code could not be loaded. */
  error: Error | null;
  retry: () => void;
};

/**
 * A Leaflet map in `container`, on the configured tiles with their credit always shown. Tiles are
 * fetched only for what is in view (Leaflet's way), up to zoom 19, and carry the page's origin as
 * their Referer (OpenStreetMap's tile policy asks for one; the page itself sends none). The zoom
 * buttons speak the current language.
 */
export function useLeafletMap(
  container: RefObject<HTMLElement | null>,
  tiles: MapTiles,
  { start, options, enabled = true }: LeafletMapOptions,
): LeafletMapState {
  const t = useT();
  const leaflet = useLeaflet({ enabled });
  const L = leaflet.data ?? null;
  const [map, setMap] = useState<LeafletMap | null>(null);
  const setUp = useRef({ start, options });
  setUp.current = { start, options };
  const url = tiles.url;
  const attribution = attributionHtml(tiles.attribution);

  useEffect(() => {
    const element = container.current;
    if (L === null || element === null) return;
    const made = L.map(element, {
      ...setUp.current.options,
      maxZoom: MAP_MAX_ZOOM,
      zoomControl: false,
    });
    setUp.current.start(made);
    L.tileLayer(url, {
      maxZoom: MAP_MAX_ZOOM,
      attribution,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }).addTo(made);
    setMap(made);
    return () => {
      setMap(null);
      made.remove();
    };
  }, [L, container, url, attribution]);

  useEffect(() => {
    if (L === null || map === null) return;
    const zoom = L.control
      .zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') })
      .addTo(map);
    return () => {
      zoom.remove();
    };
  }, [L, map, t]);

  return { L, map, error: leaflet.error, retry: () => void leaflet.refetch() };
}
