import { type Comparables, MIN_COMPARABLES, NEAREST_COMPARABLES } from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { ufInUse } from '../../db/uf-arithmetic.js';
import { AppError } from '../../lib/app-error.js';
import { MAP_LEVEL_MAX, metresPerPixel } from '../../lib/map-projection.js';
import * as repo from './comparables.repository.js';
import { round } from './rounding.js';

/** A property against its peers (its UF/m² percentile) and the nearest of its type. */
export function createComparablesService(db: Database) {
  async function comparables(id: number): Promise<Comparables> {
    const subject = await repo.comparablesSubject(db, id);
    if (!subject) throw new AppError('NOT_FOUND', `Property ${id} not found.`);
    const mine = subject.uf_per_sqm === null ? null : Number(subject.uf_per_sqm);
    const [standing, nearest, uf] = await Promise.all([
      repo.peerStanding(db, subject),
      nearestOf(subject),
      ufInUse(db),
    ]);
    // Peers within ±1 dormitorio compare closer, when there are enough of them to rank against.
    const rooms = standing.near_count >= MIN_COMPARABLES ? repo.nearPeerRooms(subject.rooms) : null;
    const peers: repo.PeerStanding = rooms
      ? {
          count: standing.near_count,
          below: standing.near_below,
          equal: standing.near_equal,
          median: standing.near_median,
        }
      : standing;
    const ranked = mine !== null && peers.count >= MIN_COMPARABLES;
    return {
      id,
      uf_per_sqm: mine === null ? null : round(mine, 2),
      peers: {
        rooms,
        count: peers.count,
        median_uf_per_sqm: peers.median === null ? null : round(Number(peers.median), 2),
        percentile: ranked ? round(((peers.below + peers.equal / 2) / peers.count) * 100, 0) : null,
      },
      nearest,
      uf,
    };
  }

  /**
   * The nearest properties of the same type: a box around the subject, grown fourfold until it
   * holds enough whose farthest is inside the box's inscribed circle (so none nearer lies outside).
   */
  async function nearestOf(subject: repo.SubjectRow): Promise<Comparables['nearest']> {
    const { lat, lng, map_x: x, map_y: y } = subject;
    if (lat === null || lng === null || x === null || y === null) return [];
    const last = 2 ** MAP_LEVEL_MAX - 1;
    for (let r = 2 ** 11; ; r *= 4) {
      const box = {
        x0: Math.max(0, x - r),
        x1: Math.min(last, x + r),
        y0: Math.max(0, y - r),
        y1: Math.min(last, y + r),
      };
      const rows = await repo.nearestInBox(db, { ...subject, lat, lng }, box, NEAREST_COMPARABLES);
      const reach = r * metresPerPixel(Math.abs(lat) + 1);
      const farthest = rows.at(-1)?.distance_m ?? Number.POSITIVE_INFINITY;
      const whole = box.x0 === 0 && box.x1 === last && box.y0 === 0 && box.y1 === last;
      if (whole || (rows.length === NEAREST_COMPARABLES && farthest <= reach)) {
        return rows.map((row) => ({
          id: row.id,
          name: row.name,
          city_name: row.city_name,
          price_amount: row.price_amount,
          price_unit: row.price_unit,
          price_clp: row.price,
          price_uf: row.price_uf,
          price_per_sqm_uf: row.price_per_sqm_uf,
          distance_m: row.distance_m,
        }));
      }
    }
  }

  return comparables;
}
