import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { MarketStats, MarketStatsQuery, Quartiles, StatsFigures } from '@bec/contracts';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { type PesoFilters, pesoFilters } from '../../db/property-query.js';
import { ufInUse } from '../../db/uf-arithmetic.js';
import { round } from './rounding.js';
import * as repo from './statistics.repository.js';

const HISTOGRAM_BINS = 20;
/** Statistics kept in memory per process, each with the data version it was computed at. */
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

/** The figures as computed and stored; the answer adds when they are from and whether stale. */
type Figures = Omit<MarketStats, 'computed_at' | 'updating'>;
/** A key's figures, the data version they were computed at, and when (ISO, to the millisecond). */
type Entry = { version: string; computedAt: string; figures: Figures };

/** After another process was found computing a key, this process leaves it alone this long. */
const BUSY_RETRY_MS = 1_000;
/**
 * After a computation failed (e.g. cut by DATABASE_TIMEOUT), it is not started again for this
 * long: each try is a full pass over the matching rows, and requests keep coming meanwhile.
 */
const FAILED_RETRY_MS = 30_000;
/** A first request waiting for another process's computation of its key looks again this often. */
const WAIT_POLL_MS = 100;

export type StatisticsOptions = {
  /** Called after each computation this process runs and stores (counted in /metrics). */
  computed?: () => void;
  /** Where a failed computation that no request waited for is reported. */
  log?: { warn: (details: object, message: string) => void };
};

/** A grouping and filters' key in memory and in `market_stats`. */
export const statsKey = ({ group, ...given }: MarketStatsQuery) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        group,
        Object.entries(given)
          .filter(([, v]) => v !== undefined)
          .sort(),
      ]),
    )
    .digest('hex');

/**
 * Statistics of the matches grouped by region, comuna or type (ADR 051). Medians need every
 * matching row, so a key's figures are computed once per data version (any write to properties,
 * or a new UF), stored in `market_stats` for every process, and kept in memory. After a write, a
 * request answers the last figures at once, saying when they are from (`computed_at`,
 * `updating`), while one computation runs off the request path: one per key in this process
 * (requests share it), and one per key across processes (an advisory lock; the others skip and
 * pick up its stored figures). Only a key never computed makes its first request wait.
 */
export function createStatisticsService(db: Database, options: StatisticsOptions = {}) {
  const memory = new LRUCache<string, Entry>({ max: STATS_CACHE_SIZE });
  /** Computations this process runs, by key; null when another process held the lock. */
  const running = new Map<string, Promise<Entry | null>>();
  /** Keys not to compute again yet: another process was computing them, or this one failed. */
  const notYet = new LRUCache<string, true>({ max: STATS_CACHE_SIZE, ttl: BUSY_RETRY_MS });

  const answer = (entry: Entry, updating: boolean): MarketStats => ({
    ...entry.figures,
    computed_at: entry.computedAt,
    updating,
  });

  /** Keeps an entry in memory unless the one there was computed later. */
  function remember(key: string, entry: Entry) {
    const held = memory.get(key);
    if (!held || held.computedAt <= entry.computedAt) memory.set(key, entry);
    return memory.get(key) ?? entry;
  }

  async function stats(query: MarketStatsQuery): Promise<MarketStats> {
    const key = statsKey(query);
    const version = await repo.dataVersion(db);
    let entry = memory.get(key);
    if (entry?.version === version) return answer(entry, false);
    // Stale or absent here: another process may have stored newer figures.
    const stored = await repo.storedStats<Figures>(db, key, {
      newerThan: entry?.computedAt ?? null,
      version,
    });
    if (stored?.stats)
      entry = remember(key, {
        version: stored.version,
        computedAt: stored.computed_at,
        figures: stored.stats,
      });
    if (entry?.version === version) return answer(entry, false);
    if (!entry) return answer(await firstFigures(key, query), false);
    refresh(key, query);
    return answer(entry, true);
  }

  /** Starts a computation of a key in the background, unless one runs here or elsewhere. */
  function refresh(key: string, query: MarketStatsQuery) {
    if (running.has(key) || notYet.has(key)) return;
    compute(key, query).catch((error: unknown) => {
      notYet.set(key, true, { ttl: FAILED_RETRY_MS });
      options.log?.warn(
        { err: error, retryInMs: FAILED_RETRY_MS },
        'Computing the market statistics failed; the last figures are served meanwhile',
      );
    });
  }

  /** A key with no figures at all: computed now, or waited for while another process computes it. */
  async function firstFigures(key: string, query: MarketStatsQuery): Promise<Entry> {
    for (;;) {
      const computed = await compute(key, query);
      if (computed) return computed;
      await setTimeout(WAIT_POLL_MS);
      const stored = await repo.storedStats<Figures>(db, key, { newerThan: null, version: null });
      if (stored?.stats)
        return remember(key, {
          version: stored.version,
          computedAt: stored.computed_at,
          figures: stored.stats,
        });
    }
  }

  /**
   * Computes and stores a key's figures under its lock, in one transaction (the lock is released
   * with it, also when the process dies); null when another process holds the lock. Requests of
   * this process share one computation per key.
   */
  function compute(key: string, query: MarketStatsQuery): Promise<Entry | null> {
    const inFlight = running.get(key);
    if (inFlight) return inFlight;
    const run = db
      .transaction(async (tx): Promise<Entry | null> => {
        if (!(await repo.lockComputation(tx, key))) return null;
        const start = await repo.computationStart(tx);
        // Another process may have stored this version's figures just before this one locked.
        const stored = await repo.storedStats<Figures>(tx, key, {
          newerThan: start.at,
          version: start.version,
        });
        if (stored?.stats && stored.version === start.version)
          return { version: stored.version, computedAt: stored.computed_at, figures: stored.stats };
        const figures = await computeStats(tx, query);
        await repo.storeStats(tx, {
          key,
          version: start.version,
          computed_at: start.at,
          stats: figures,
        });
        options.computed?.();
        return { version: start.version, computedAt: start.at, figures };
      })
      .then((entry) => {
        if (entry) return remember(key, entry);
        notYet.set(key, true);
        return null;
      })
      .finally(() => running.delete(key));
    running.set(key, run);
    return run;
  }

  return stats;
}

/** A key's figures, computed over every matching row (three passes). */
async function computeStats(db: Database, { group, ...given }: MarketStatsQuery): Promise<Figures> {
  const uf = await ufInUse(db);
  const filters = await pesoFilters(db, given);
  const empty: Figures = {
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
  const rows = await repo.groupStats(db, group, filters);
  const all = rows.find((r) => r.key === null);
  if (!all) return empty;
  return {
    group,
    rows: rows
      .filter((r) => r.key !== null)
      .map((r) => ({ id: r.key ?? 0, name: r.name ?? '', ...figures(r) })),
    all: figures(all),
    histogram: await histogram(db, filters),
    uf,
  };
}

async function histogram(db: Database, filters: PesoFilters) {
  const top = await repo.ufPerSqmTop(db, filters);
  if (top === null || !(top > 0)) return [];
  const width = niceWidth(top / HISTOGRAM_BINS);
  const counts = new Map(
    (await repo.ufPerSqmHistogram(db, filters, width, HISTOGRAM_BINS)).map((r) => [r.bin, r.count]),
  );
  return Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({
    from: round(i * width, 6),
    to: round((i + 1) * width, 6),
    count: counts.get(i + 1) ?? 0,
  }));
}
