import { type PropertyFiltersQuery, PropertyFiltersQuerySchema } from '@bec/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  filterConditions,
  type PesoFilters,
  pesoFiltersAt,
  usesUf,
} from '../../db/property-query.js';
import { appliedUfValue } from '../../db/uf-arithmetic.js';
import { createNudgedWorker, type NudgedWorker } from '../../lib/nudged-worker.js';
import * as repo from './alert-matching.repository.js';

/*
 * Saved searches' matching (ADR 053). Every property add or change writes an outbox row
 * in its own transaction (`recordPropertyChange`); after the commit a worker turns rows into
 * alerts: the grid's own filter SQL over the one changed row, every search in one statement.
 */

/**
 * Writes a property's outbox row in the caller's transaction (the properties and visits services
 * call it where they write the history): `update` before the change, `insert` after it.
 */
export const recordPropertyChange = (
  tx: Database,
  propertyId: number,
  actorId: number | null,
  kind: 'insert' | 'update',
) => repo.insertOutboxRow(tx, propertyId, actorId, kind);

/** A saved search's filters as the grid reads them; null when they no longer parse. */
export function gridFilters(filters: Record<string, string>): PropertyFiltersQuery | null {
  const parsed = PropertyFiltersQuerySchema.safeParse(filters);
  return parsed.success ? parsed.data : null;
}

/** The conditions as one predicate: `true` for no filter, `false` for none that can match. */
function matchPredicate(filters: PesoFilters | null): SQL {
  if (filters === null) return sql`false`;
  const conditions = filterConditions(filters);
  return conditions.length ? sql`(${and(...conditions)})` : sql`true`;
}

const MATCH_BATCH = 50;
/** How often each process looks for other processes' changes (its own wake it at once). */
export const MATCH_POLL_MS = 5_000;

/**
 * The filters that compare one column of the row with one value (`column = value`, ANDed with the
 * rest): a search whose value differs from the changed row's cannot match it, so its SQL is not
 * evaluated at all. Exact: the same comparison the grid's SQL makes, on the row read in the batch.
 */
const PRECONDITIONS = [
  'region_id',
  'city_id',
  'property_type_id',
  'broker_id',
  'stage',
  'visited',
] as const;

function canHold(filters: PesoFilters, row: repo.PreconditionRow) {
  for (const key of PRECONDITIONS) {
    const wanted = filters[key];
    if (wanted === undefined) continue;
    const value = row[key];
    if (value === null || String(wanted) !== String(value)) return false;
  }
  return true;
}

/** One followed search as this process has read, parsed and converted it. */
type CachedSearch = {
  id: number;
  /** The grid's filters (null: they no longer parse, so nothing matches). */
  filters: PropertyFiltersQuery | null;
  /**
   * In pesos at the UF of `uf`, or in UF amounts while none is known (ADR 061); null when its
   * filters no longer parse.
   */
  peso: PesoFilters | null;
  /** Its predicate rendered once: the SQL text around its values, and the values. */
  predicate: repo.RenderedPredicate | null;
};

/**
 * The followed searches of one database as last read (ADR 053): parsing 1,000
 * searches' filters with the grid's schema and building their SQL took most of a batch's time, so
 * they are kept while the searches' digest (their ids, filters and subscriptions) and the UF
 * value are the same, and each predicate is rendered only when a change first needs it.
 */
type SearchCache = { digest: string; uf: number | null; searches: CachedSearch[] };
const caches = new WeakMap<Database, SearchCache>();

async function followedSearches(db: Database, tx: Database): Promise<CachedSearch[]> {
  const digest = await repo.followedDigest(tx);
  let cache = caches.get(db);
  if (!cache || cache.digest !== digest) {
    const rows = await repo.followedSearches(tx);
    cache = {
      digest,
      uf: null,
      searches: rows.map((s) => ({
        id: s.id,
        filters: gridFilters(s.filters),
        peso: null,
        predicate: null,
      })),
    };
    for (const s of cache.searches) s.peso = s.filters && pesoFiltersAt(s.filters, null);
    caches.set(db, cache);
  }
  if (cache.searches.some((s) => s.filters && usesUf(s.filters))) {
    const uf = await appliedUfValue(tx);
    if (uf !== cache.uf) {
      cache.uf = uf;
      for (const s of cache.searches)
        if (s.filters && usesUf(s.filters)) {
          s.peso = pesoFiltersAt(s.filters, uf);
          s.predicate = null;
        }
    }
  }
  return cache.searches;
}

/**
 * Turns up to `limit` outbox rows into alerts in one short transaction: the rows are taken in id
 * order with FOR UPDATE SKIP LOCKED (another process takes others, never the same), their alerts
 * inserted and the rows deleted together. Answers the ids of the rows it processed.
 */
/**
 * Called in the matching's transaction with the alerts it inserted (the alert mail queues its
 * immediate mails there, ADR 054): they commit, or not, together.
 */
export type OnAlerts = (tx: Database, alertIds: number[]) => Promise<void>;

export async function processOutbox(
  db: Database,
  limit = MATCH_BATCH,
  onAlerts?: OnAlerts,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await repo.lockOutboxRows(tx, limit);
    if (!rows.length) return [];
    const searches = (await followedSearches(db, tx)).filter((s) => s.peso !== null);
    const changed = searches.length
      ? await repo.preconditionRows(
          tx,
          rows.map((r) => r.property_id),
        )
      : new Map<number, repo.PreconditionRow>();
    for (const row of rows) {
      const now = changed.get(row.property_id);
      // Gone since (deleted): it matches nothing now.
      if (!now) continue;
      const candidates: repo.SearchPredicate[] = [];
      for (const s of searches)
        if (s.peso && canHold(s.peso, now)) {
          s.predicate ??= repo.renderPredicate(matchPredicate(s.peso));
          candidates.push({ id: s.id, predicate: s.predicate });
        }
      if (!candidates.length) continue;
      const matched = await repo.matchingIds(tx, candidates, row.property_id, row.before);
      const was = new Set(matched.before);
      const alertIds = await repo.insertAlerts(
        tx,
        row,
        matched.now.filter((id) => !was.has(id)),
      );
      if (alertIds.length && onAlerts) await onAlerts(tx, alertIds);
    }
    const ids = rows.map((r) => r.id);
    await repo.deleteOutboxRows(tx, ids);
    return ids;
  });
}

export type MatchWorker = NudgedWorker;

/** The outbox's worker in one process: nudged after a write, polling as a fallback. */
export function createMatchWorker(
  db: Database,
  options: {
    pollMs: number;
    onError: (err: unknown) => void;
    batch?: number;
    /** The alert mail's hook (only when SMTP_URL is set). */
    onAlerts?: OnAlerts;
  },
): MatchWorker {
  const batch = options.batch ?? MATCH_BATCH;
  return createNudgedWorker({
    pass: async () => {
      const done = (await processOutbox(db, batch, options.onAlerts)).length;
      return { done, more: done >= batch };
    },
    pollMs: options.pollMs,
    onError: options.onError,
  });
}
