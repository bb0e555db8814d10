import type { DivIcon, Marker, PointTuple } from 'leaflet';
import type { Leaflet } from '@/features/map/api/load-leaflet';
import classes from './map.module.css';

/** A cluster's diameter in pixels: 30 for a few properties, growing with the count's digits. */
export const clusterSize = (count: number) => Math.round(26 + 8 * Math.log10(Math.max(1, count)));

/** The ring drawn around a cluster's circle (map.module.css: `box-shadow: 0 0 0 2px`). */
const CLUSTER_RING = 2;
/** Space kept between two markers' boxes: 1 px each, which also absorbs Leaflet's rounding. */
const MARGIN = 1;

/** A group of `count` properties: a circle with the count (already formatted) inside. */
export function clusterIcon(L: Leaflet, count: number, countText: string): DivIcon {
  const size = clusterSize(count);
  const label = document.createElement('span');
  label.textContent = countText;
  label.setAttribute('aria-hidden', 'true');
  return L.divIcon({ html: label, className: classes.cluster, iconSize: [size, size] });
}

const PIN_SIZE: PointTuple = [28, 30];

/** A box on the map in pixels of one zoom (x growing east, y south). */
export type PixelBox = { left: number; top: number; right: number; bottom: number };

/**
 * The screen a marker takes, in pixels of the zoom its position `x`, `y` is projected at: a
 * cluster's circle with its ring (centred on the position), or a pin's icon (its tip on the
 * position), each with a margin. Markers whose boxes do not meet neither overlap nor hide each
 * other's clickable area.
 */
export function markerBox(marker: { x: number; y: number; count: number; pin: boolean }): PixelBox {
  if (marker.pin) {
    const [width, height] = PIN_SIZE;
    return {
      left: marker.x - width / 2 - MARGIN,
      right: marker.x + width / 2 + MARGIN,
      top: marker.y - height - MARGIN,
      bottom: marker.y + MARGIN,
    };
  }
  const half = clusterSize(marker.count) / 2 + CLUSTER_RING + MARGIN;
  return {
    left: marker.x - half,
    right: marker.x + half,
    top: marker.y - half,
    bottom: marker.y + half,
  };
}

/** One property: a pin whose tip is its position. */
export const pinIcon = (L: Leaflet, fixed = false): DivIcon =>
  L.divIcon({
    html: '',
    className: fixed ? `${classes.pin} ${classes.fixedPin}` : classes.pin,
    iconSize: PIN_SIZE,
    // The tip, at the bottom's middle (markerBox counts on it).
    iconAnchor: [PIN_SIZE[0] / 2, PIN_SIZE[1]],
    popupAnchor: [0, -28],
  });

/**
 * Makes a marker a named button: its accessible name, and Enter or Space doing what a click does
 * (Leaflet gives keyboard markers role=button and a tab stop, but no key that presses them).
 */
export function asButton(L: Leaflet, marker: Marker, name: string, press: () => void) {
  const element = marker.getElement();
  if (!element) return;
  element.setAttribute('aria-label', name);
  element.title = name;
  L.DomEvent.on(element, 'keydown', (event) => {
    const key = (event as KeyboardEvent).key;
    if (key !== 'Enter' && key !== ' ') return;
    L.DomEvent.preventDefault(event);
    press();
  });
}
