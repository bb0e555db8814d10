/**
 * Web Mercator pixels at the finest map level, as the generated columns map_x and map_y compute
 * them (schema.ts): 2^24 per axis, x growing east from the antimeridian, y growing south.
 */
export const MAP_LEVEL_MAX = 24;
const SCALE = 2 ** MAP_LEVEL_MAX;
const MAX_LAT = 85.05112878;
/** Metres per pixel of the finest level at the equator (the Earth's circumference over 2^24). */
const EQUATOR_METRES_PER_PIXEL = 40_075_016.686 / SCALE;

const pixel = (fraction: number) => Math.min(SCALE - 1, Math.max(0, Math.floor(fraction * SCALE)));

export const mapX = (lng: number) => pixel((lng + 180) / 360);

export function mapY(lat: number) {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return pixel((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2);
}

/** How many metres a pixel of the finest level spans at a latitude (Mercator is conformal). */
export const metresPerPixel = (lat: number) =>
  EQUATOR_METRES_PER_PIXEL * Math.cos((lat * Math.PI) / 180);

/** Map cells are 64 px of the view: four per 256-px tile, so a zoom's cells are level zoom + 2. */
const cellLevel = (zoom: number) => zoom + 2;

/** A box of finest-level map pixels, edges included. */
export type PixelBox = { x0: number; x1: number; y0: number; y1: number };

/**
 * A view in map terms: its box in finest-level pixels (y grows southwards), the zoom's cell
 * level, the whole cells that meet the box, and those cells' own pixel box (a cluster is counted
 * whole when its cell meets the view).
 */
export function viewCells(
  view: { west: number; south: number; east: number; north: number },
  zoom: number,
) {
  const box: PixelBox = {
    x0: mapX(view.west),
    x1: mapX(view.east),
    y0: mapY(view.north),
    y1: mapY(view.south),
  };
  const level = cellLevel(zoom);
  const shift = MAP_LEVEL_MAX - level;
  const size = 2 ** shift;
  const cells: PixelBox = {
    x0: Math.floor(box.x0 / size),
    x1: Math.floor(box.x1 / size),
    y0: Math.floor(box.y0 / size),
    y1: Math.floor(box.y1 / size),
  };
  const cellBox: PixelBox = {
    x0: cells.x0 * size,
    x1: (cells.x1 + 1) * size - 1,
    y0: cells.y0 * size,
    y1: (cells.y1 + 1) * size - 1,
  };
  return { box, level, shift, cells, cellBox };
}
