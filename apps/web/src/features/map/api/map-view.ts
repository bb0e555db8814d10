import { MAP_MAX_ZOOM } from '@bec/contracts';

/** What part of the world the map shows: its box, as the API takes it (6 decimals), and zoom. */
export type MapView = { west: string; south: string; east: string; north: string; zoom: number };

export type Bounds = { west: number; south: number; east: number; north: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Plain decimal text with 6 decimals (~11 cm), rounded outwards so the box never shrinks. */
const down = (value: number) => (Math.floor(value * 1e6) / 1e6).toFixed(6);
const up = (value: number) => (Math.ceil(value * 1e6) / 1e6).toFixed(6);

/**
 * The view the API is asked about: the box within the world's (a map zoomed out past the
 * antimeridian asks for the whole width), and a whole zoom level within the map's range.
 */
export function mapViewOf(bounds: Bounds, zoom: number): MapView {
  return {
    west: down(clamp(bounds.west, -180, 180)),
    south: down(clamp(bounds.south, -90, 90)),
    east: up(clamp(bounds.east, -180, 180)),
    north: up(clamp(bounds.north, -90, 90)),
    zoom: clamp(Math.round(zoom), 0, MAP_MAX_ZOOM),
  };
}
