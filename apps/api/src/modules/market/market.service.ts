import {
  type Comparables,
  MAP_MAX_POINTS,
  MAP_POINTS_ZOOM,
  type MapClusters,
  type MapClustersQuery,
  type MarketStats,
  type MarketStatsQuery,
  MIN_COMPARABLES,
  NEAREST_COMPARABLES,
  type Quartiles,
  type StatsFigures,
  type UfSource,
  type UfValue,
} from '@bec/contracts';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import type { PesoFilters } from '../../db/property-query.js';
import { AppError } from '../../lib/app-error.js';
import { pesoFilters } from '../properties/properties.service.js';
import { MAP_LEVEL_MAX, metresPerPixel, viewCells } from './map-projection.js';
import * as repo from './market.repository.js';

const HISTOGRAM_BINS = 20;
/** Statistics kept per process; each is valid while the data version it was computed at holds. */
const STATS_CACHE_SIZE = 500;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** percentile_cont's [p25, p50, p75] as figures; null when there was nothing to rank. */
function quartiles(values: (number | string | null)[] | null, decimals: number): Quartiles {
  if (!values || values.some((v) => v === null)) return null;
  const [p25, median, p75] = values.map((v) => round(Number(v), decimals));
  return { p25: p25 ?? 0, median: median ?? 0, p75: p75 ?? 0 };
}

const figures = (row: repo.StatsRowDb): StatsFigures => ({
  count: row.count,
  visited: row.visited,
  price_uf: quartiles(row.price_uf, 2),
  price_clp: quartiles(row.price_clp, 0),
  uf_per_sqm: quartiles(row.uf_per_sqm, 2),
  newest_at: row.newest_at,
  newest_id: row.newest_id,
});

/** A round bin width at least `raw`: 1, 2, 2.5 or 5 times a power of ten. */
function niceWidth(raw: number) {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/** The UF in use, as the contracts carry it. */
async function ufInUse(db: Database): Promise<UfValue | null> {
  const uf = await repo.ufInUse(db);
  return uf && { ...uf, source: uf.source as UfSource };
}

export function createMarketService(db: Database) {
  /** Matching properties with and without coordinates. */
  async function totals(filters: PesoFilters, cells: repo.CellFilters | null) {
    const counted = cells
      ? await repo.totalsFromCells(db, cells)
      : await repo.totalsFromRows(db, filters);
    // The cells count both kinds whatever `located` says; the rows already applied it.
    if (filters.located === true) return { ...counted, without: 0 };
    if (filters.located === false) return { ...counted, located: 0 };
    return counted;
  }

  async function map(query: MapClustersQuery): Promise<MapClusters> {
    const { west, south, east, north, zoom, ...given } = query;
    const answer: MapClusters = {
      zoom,
      clusters: [],
      points: [],
      in_view: 0,
      truncated: false,
      located: 0,
      without_location: 0,
    };
    const filters = await pesoFilters(db, given);
    if (!filters) return answer;
    const cellFilters = repo.asCellFilters(filters);
    const counted = await totals(filters, cellFilters);
    answer.located = counted.located;
    answer.without_location = counted.without;
    if (filters.located === false || counted.located === 0) return answer;

    const { box, level, shift, cells, cellBox } = viewCells({ west, south, east, north }, zoom);
    if (zoom >= MAP_POINTS_ZOOM) {
      const rows = await repo.pointsInBox(db, box, filters, MAP_MAX_POINTS);
      answer.truncated = rows.length > MAP_MAX_POINTS;
      answer.points = rows.slice(0, MAP_MAX_POINTS).map(point);
      answer.in_view = answer.points.length;
      return answer;
    }

    // Whole cells of the zoom's level that meet the view: a cluster is counted whole.
    let rows: repo.CellRow[];
    let singles: repo.PointRow[];
    if (cellFilters && level <= repo.MAP_CELL_LEVELS.max) {
      rows = await repo.clustersFromCells(db, level, cells, cellFilters);
      singles = await repo.pointsOfCells(
        db,
        shift,
        rows.filter((r) => r.n === 1),
        filters,
      );
    } else {
      const grouped = await repo.clustersFromRows(db, shift, cellBox, filters);
      rows = grouped;
      singles = await repo.pointsById(
        db,
        grouped.filter((r) => r.n === 1).map((r) => r.any_id),
      );
    }
    answer.clusters = rows
      .filter((r) => r.n > 1)
      .map((r) => ({ lat: round(Number(r.lat), 6), lng: round(Number(r.lng), 6), count: r.n }));
    answer.points = singles.map(point);
    answer.in_view = rows.reduce((sum, r) => sum + r.n, 0);
    return answer;
  }

  const statsCache = new LRUCache<string, { version: string; stats: Promise<MarketStats> }>({
    max: STATS_CACHE_SIZE,
  });

  /**
   * Statistics of the matches, grouped. Medians need every matching row, so they are computed
   * once per data version (any write to properties, or a new UF) and served from memory after:
   * the first request after a change pays the full cost (ADR 017; bench/README).
   */
  async function stats(query: MarketStatsQuery): Promise<MarketStats> {
    const { group, ...given } = query;
    const version = await repo.dataVersion(db);
    const key = JSON.stringify([
      group,
      Object.entries(given)
        .filter(([, v]) => v !== undefined)
        .sort(),
    ]);
    const cached = statsCache.get(key);
    if (cached?.version === version) return cached.stats;
    const stats = computeStats(query);
    statsCache.set(key, { version, stats });
    // A failed computation is not kept: the next request tries again.
    stats.catch(() => {
      if (statsCache.get(key)?.stats === stats) statsCache.delete(key);
    });
    return stats;
  }

  async function computeStats({ group, ...given }: MarketStatsQuery): Promise<MarketStats> {
    const uf = await ufInUse(db);
    const filters = await pesoFilters(db, given);
    const empty: MarketStats = {
      group,
      rows: [],
      all: figures({
        key: null,
        name: null,
        count: 0,
        visited: 0,
        price_uf: null,
        price_clp: null,
        uf_per_sqm: null,
        newest_at: null,
        newest_id: null,
      }),
      histogram: [],
      uf,
    };
    if (!filters) return empty;
    const rows = await repo.groupStats(db, group, filters);
    const all = rows.find((r) => r.key === null);
    if (!all) return empty;
    return {
      group,
      rows: rows
        .filter((r) => r.key !== null)
        .map((r) => ({ id: r.key ?? 0, name: r.name ?? '', ...figures(r) })),
      all: figures(all),
      histogram: await histogram(filters),
      uf,
    };
  }

  async function histogram(filters: PesoFilters) {
    const top = await repo.ufPerSqmTop(db, filters);
    if (top === null || !(top > 0)) return [];
    const width = niceWidth(top / HISTOGRAM_BINS);
    const counts = new Map(
      (await repo.ufPerSqmHistogram(db, filters, width, HISTOGRAM_BINS)).map((r) => [
        r.bin,
        r.count,
      ]),
    );
    return Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({
      from: round(i * width, 6),
      to: round((i + 1) * width, 6),
      count: counts.get(i + 1) ?? 0,
    }));
  }

  async function comparables(id: number): Promise<Comparables> {
    const subject = await repo.comparablesSubject(db, id);
    if (!subject) throw new AppError('NOT_FOUND', `Property ${id} not found.`);
    const mine = subject.uf_per_sqm === null ? null : Number(subject.uf_per_sqm);
    const [peers, nearest, uf] = await Promise.all([
      repo.peerStanding(db, subject),
      nearestOf(subject),
      ufInUse(db),
    ]);
    const ranked = mine !== null && peers.count >= MIN_COMPARABLES;
    return {
      id,
      uf_per_sqm: mine === null ? null : round(mine, 2),
      peers: {
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

  return { map, stats, comparables };
}

const point = (row: repo.PointRow) => ({
  id: row.id,
  name: row.name,
  lat: round(Number(row.lat), 6),
  lng: round(Number(row.lng), 6),
});

export type MarketService = ReturnType<typeof createMarketService>;
