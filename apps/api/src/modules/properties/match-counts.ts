import { PROPERTY_COUNT_CAP, type TotalKind } from '@bec/contracts';
import type { Database } from '../../db/client.js';
import type { PesoFilters } from '../../db/property-query.js';
import * as repo from './property-list.repository.js';

export type MatchCount = { total: number; total_kind: TotalKind };

type Entry = {
  version: string;
  at: number;
  count: Promise<MatchCount>;
  /** The count once it is in (before that, the one it replaces: see `last`). */
  settled?: MatchCount | undefined;
};

/**
 * The matches of a page's filters: exactly up to PROPERTY_COUNT_CAP (a bounded read), else
 * PostgreSQL's estimate (no read at all), labelled as such.
 */
export async function countMatches(
  db: Database,
  page: ReturnType<typeof repo.listPage>,
  filters: PesoFilters,
): Promise<MatchCount> {
  const [row] = await repo.run(page.count);
  const matches = row?.matches ?? 0;
  if (matches <= PROPERTY_COUNT_CAP) return { total: matches, total_kind: 'exact' };
  const estimate = await repo.estimateMatches(db, filters);
  return estimate > PROPERTY_COUNT_CAP
    ? { total: estimate, total_kind: 'estimate' }
    : { total: PROPERTY_COUNT_CAP, total_kind: 'at_least' };
}

/** Filter combinations remembered per process; the least recently counted go first. */
const MAX_ENTRIES = 1000;
/**
 * How long an approximate count ("más de 1.000", "≈ 24.000") is reused across writes. An exact
 * count is reused only at the write version it was counted at, so it never goes stale.
 */
const APPROXIMATE_FOR_MS = 60_000;

/**
 * How many properties a filtered list matches, counted once per filter and data version instead
 * of on every page: exactly up to PROPERTY_COUNT_CAP (a bounded read), else PostgreSQL's estimate
 * (no read at all), labelled as such. Paging through a result, or many users on the same filter,
 * costs the rows alone. The version is the one the page's rows were read at (properties_total,
 * bumped by every write), so several API processes agree without sharing anything but the
 * database.
 */
export function createMatchCounts(db: Database, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();

  function remember(key: string, entry: Entry) {
    // Until its own count is in, a recount answers `last` with the count before it.
    entry.settled = entries.get(key)?.settled;
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    // A failed count (the database went away) is not remembered.
    entry.count.then(
      (count) => {
        entry.settled = count;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
  }

  return {
    /** The count of the page's filters at `version`, counting only if nobody has yet. */
    async of(
      page: ReturnType<typeof repo.listPage>,
      filters: PesoFilters,
      version: string,
    ): Promise<MatchCount> {
      const hit = entries.get(page.key);
      if (hit && hit.version === version) return hit.count;
      if (hit && now() - hit.at < APPROXIMATE_FOR_MS) {
        const known = await hit.count.catch(() => null);
        if (known && known.total_kind !== 'exact') return known;
      }
      const entry = { version, at: now(), count: countMatches(db, page, filters) };
      remember(page.key, entry);
      return entry.count;
    },
    /**
     * The last count of these filters that is in, at whatever version: enough to choose a plan
     * by (listPage), never shown as the count.
     */
    last(key: string): MatchCount | undefined {
      return entries.get(key)?.settled;
    },
    /** A count the caller already has: every match fit on a first page. */
    know(page: ReturnType<typeof repo.listPage>, version: string, total: number) {
      remember(page.key, {
        version,
        at: now(),
        count: Promise.resolve({ total, total_kind: 'exact' }),
      });
    },
  };
}
