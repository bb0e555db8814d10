import type { DivIcon, Marker, PointTuple } from 'leaflet';
import type { Leaflet } from '@/features/map/api/load-leaflet';
import classes from './map.module.css';

/** A cluster's diameter in pixels: 30 for a few properties, growing with the count's digits. */
export const clusterSize = (count: number) => Math.round(26 + 8 * Math.log10(Math.max(1, count)));

/** A group of `count` properties: a circle with the count (already formatted) inside. */
export function clusterIcon(L: Leaflet, count: number, countText: string): DivIcon {
  const size = clusterSize(count);
  const label = document.createElement('span');
  label.textContent = countText;
  label.setAttribute('aria-hidden', 'true');
  return L.divIcon({ html: label, className: classes.cluster, iconSize: [size, size] });
}

const PIN_SIZE: PointTuple = [28, 30];

/** One property: a pin whose tip is its position. */
export const pinIcon = (L: Leaflet, fixed = false): DivIcon =>
  L.divIcon({
    html: '',
    className: fixed ? `${classes.pin} ${classes.fixedPin}` : classes.pin,
    iconSize: PIN_SIZE,
    iconAnchor: [14, 30],
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
