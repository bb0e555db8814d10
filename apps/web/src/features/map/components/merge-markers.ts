import { markerBox, type PixelBox } from './map-markers';

/**
 * A marker placed on the map: its position in pixels of the zoom it is drawn at, how many
 * properties it stands for, and for a single property drawn as a pin, that property.
 */
export type PlacedMarker<Point> = { x: number; y: number; count: number; point: Point | null };

const boxOf = (marker: PlacedMarker<unknown>) =>
  markerBox({ x: marker.x, y: marker.y, count: marker.count, pin: marker.point !== null });

const overlap = (a: PixelBox, b: PixelBox) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

type Entry<Point> = { marker: PlacedMarker<Point>; box: PixelBox; alive: boolean };

/**
 * The markers to draw so that none covers another (ADR 027): each marker whose box meets
 * another's is merged with the nearest of them into a cluster at their count-weighted centre,
 * holding both counts; the merged cluster is larger, so it is checked again, until no two boxes
 * meet. Counts add up to the input's; the order of the markers decides nothing but ties.
 *
 * Every marker is checked once after it appears, against all markers then present: a pair left
 * overlapping would have been seen by whichever of the two was checked last. O(n²) over the
 * markers of one answer (a view holds at most a few hundred cells).
 */
export function mergeOverlapping<Point>(
  markers: readonly PlacedMarker<Point>[],
): PlacedMarker<Point>[] {
  const entries: Entry<Point>[] = markers.map((marker) => ({
    marker,
    box: boxOf(marker),
    alive: true,
  }));
  const unchecked = [...entries];
  for (let entry = unchecked.pop(); entry !== undefined; entry = unchecked.pop()) {
    if (!entry.alive) continue;
    const { x, y, count } = entry.marker;
    let nearest: Entry<Point> | null = null;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (const other of entries) {
      if (other === entry || !other.alive || !overlap(entry.box, other.box)) continue;
      const distance = (other.marker.x - x) ** 2 + (other.marker.y - y) ** 2;
      if (distance < nearestDistance) {
        nearest = other;
        nearestDistance = distance;
      }
    }
    if (nearest === null) continue;
    entry.alive = false;
    nearest.alive = false;
    const total = count + nearest.marker.count;
    const merged: PlacedMarker<Point> = {
      x: (x * count + nearest.marker.x * nearest.marker.count) / total,
      y: (y * count + nearest.marker.y * nearest.marker.count) / total,
      count: total,
      point: null,
    };
    const mergedEntry = { marker: merged, box: boxOf(merged), alive: true };
    entries.push(mergedEntry);
    unchecked.push(mergedEntry);
  }
  return entries.filter((entry) => entry.alive).map((entry) => entry.marker);
}
