import type { MarketStats, MarketStatsQuery, Quartiles, StatsFigures } from '@bec/contracts';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { type PesoFilters, pesoFilters } from '../../db/property-query.js';
import { ufInUse } from '../../db/uf-arithmetic.js';
import { round } from './rounding.js';
import * as repo from './statistics.repository.js';

const HISTOGRAM_BINS = 20;
/** Statistics kept per process; each is valid while the data version it was computed at holds. */
const STATS_CACHE_SIZE = 500;

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

/** Statistics of the matches grouped by region, comuna or type, cached per data version. */
export function createStatisticsService(db: Database) {
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

  return stats;
}
