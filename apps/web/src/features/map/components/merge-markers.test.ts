import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterSize, markerBox } from '@/features/map/components/map-markers';
import { mergeOverlapping, type PlacedMarker } from '@/features/map/components/merge-markers';

/** Web Mercator pixels at `zoom` (256-px tiles), as Leaflet's `map.project` gives them. */
function project(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const phi = (lat * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * scale,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * scale,
  };
}

const boxOf = (marker: PlacedMarker<unknown>) =>
  markerBox({ ...marker, pin: marker.point !== null });

/** Pairs of markers whose boxes meet: none may be left. */
function overlapping(markers: PlacedMarker<unknown>[]) {
  const pairs: [PlacedMarker<unknown>, PlacedMarker<unknown>][] = [];
  for (const [i, a] of markers.entries()) {
    for (const b of markers.slice(i + 1)) {
      const [p, q] = [boxOf(a), boxOf(b)];
      if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom)
        pairs.push([a, b]);
    }
  }
  return pairs;
}

const sum = (markers: PlacedMarker<unknown>[], of: (m: PlacedMarker<unknown>) => number) =>
  markers.reduce((total, marker) => total + of(marker), 0);

// The demo's clusters of Providencia (with Ñuñoa, Santiago and Macul) and Las Condes (with
// Vitacura), as the server answers them at zoom 9: their centres 19 and 22 px apart.
const PROVIDENCIA = { lat: -33.45438, lng: -70.6165, count: 6 };
const LAS_CONDES = { lat: -33.4044, lng: -70.5647, count: 3 };

const placed = (
  at: { lat: number; lng: number; count: number },
  zoom: number,
  point: string | null = null,
): PlacedMarker<string> => ({ ...project(at.lat, at.lng, zoom), count: at.count, point });

describe('mergeOverlapping', () => {
  it('merges two clusters whose circles would overlap into one, at their count-weighted centre', () => {
    const providencia = placed(PROVIDENCIA, 9);
    const lasCondes = placed(LAS_CONDES, 9);
    const [merged, ...rest] = mergeOverlapping([providencia, lasCondes]);
    expect(rest).toEqual([]);
    expect(merged?.count).toBe(9);
    expect(merged?.point).toBeNull();
    expect(merged?.x).toBeCloseTo((providencia.x * 6 + lasCondes.x * 3) / 9, 9);
    expect(merged?.y).toBeCloseTo((providencia.y * 6 + lasCondes.y * 3) / 9, 9);
  });

  it('keeps them apart once they no longer meet, and keeps pins as they are', () => {
    const pin = placed({ lat: -33.5303, lng: -70.7811, count: 1 }, 11, 'Santiago Centro');
    const markers = [placed(PROVIDENCIA, 11), placed(LAS_CONDES, 11), pin];
    expect(mergeOverlapping(markers)).toEqual(markers);
  });

  it('folds a pin under a cluster into it', () => {
    const cluster = { x: 100, y: 100, count: 10, point: null };
    const pin = { x: 110, y: 125, count: 1, point: 'Casa en Las Condes' };
    expect(mergeOverlapping([cluster, pin])).toEqual([
      { x: expect.closeTo(1110 / 11), y: expect.closeTo(1125 / 11), count: 11, point: null },
    ]);
  });

  it('merges again when a merged cluster, larger than its parts, meets another', () => {
    // Two clusters of 50 (40 px wide, 46 with ring and margins) overlap; their cluster of 100
    // (42 px) reaches 1 px further down, where the cluster of 2 begins.
    expect([clusterSize(50), clusterSize(100), clusterSize(2)]).toEqual([40, 42, 28]);
    const markers: PlacedMarker<string>[] = [
      { x: 100, y: 100, count: 50, point: null },
      { x: 130, y: 100, count: 50, point: null },
      { x: 115, y: 140.5, count: 2, point: null },
    ];
    expect(mergeOverlapping([markers[0], markers[2]] as PlacedMarker<string>[])).toHaveLength(2);
    expect(mergeOverlapping([markers[1], markers[2]] as PlacedMarker<string>[])).toHaveLength(2);
    expect(mergeOverlapping(markers)).toEqual([
      { x: expect.closeTo(115), y: expect.closeTo(100 + 40.5 / 51), count: 102, point: null },
    ]);
  });

  it('leaves no two markers overlapping, for any points, counts and zoom; counts and their weighted centre are kept (fast-check, seeded)', () => {
    const marker = fc.record({
      // Around central Chile, dense enough that many overlap at low zooms.
      lat: fc.double({ min: -34, max: -33, noNaN: true }),
      lng: fc.double({ min: -71, max: -70, noNaN: true }),
      count: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 120_000 })),
    });
    fc.assert(
      fc.property(
        fc.array(marker, { maxLength: 120 }),
        fc.integer({ min: 0, max: 15 }),
        (given, zoom) => {
          const markers = given.map((m, i) => placed(m, zoom, m.count === 1 ? `pin ${i}` : null));
          const merged = mergeOverlapping(markers);

          expect(overlapping(merged)).toEqual([]);
          expect(sum(merged, (m) => m.count)).toBe(sum(markers, (m) => m.count));
          // Merging moves weight, never creates it: the count-weighted centre stays put.
          const weight = sum(markers, (m) => m.count);
          if (weight > 0) {
            const centre = (of: (m: PlacedMarker<unknown>) => number) =>
              sum(merged, (m) => of(m) * m.count) / weight;
            const before = (of: (m: PlacedMarker<unknown>) => number) =>
              sum(markers, (m) => of(m) * m.count) / weight;
            expect(centre((m) => m.x)).toBeCloseTo(
              before((m) => m.x),
              3,
            );
            expect(centre((m) => m.y)).toBeCloseTo(
              before((m) => m.y),
              3,
            );
          }
          // A pin that is still a pin is one of the given ones, where it was.
          for (const pin of merged.filter((m) => m.point !== null))
            expect(markers).toContainEqual(pin);
          // Nothing left to merge.
          expect(mergeOverlapping(merged)).toEqual(merged);
        },
      ),
      { seed: 20_261_130, numRuns: 300 },
    );
  });
});
