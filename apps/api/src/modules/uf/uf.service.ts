import {
  FIRST_UF_DATE,
  issue,
  LAST_UF_DATE,
  type PutUfValueResult,
  type UfCurrent,
  type UfValue,
  type UfValueList,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { AppError, validationError } from '../../lib/app-error.js';
import { addDays, chileDate } from '../../lib/chile-date.js';
import { MAX_DAYS_AHEAD, type UfSourceAdapter } from './sources/uf-source.js';
import * as repo from './uf.repository.js';

/** What the job logs through (pino's signature: the object first, then the message). */
type UfLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
};

export type UfServiceOptions = {
  /** Where published values come from; null fetches nothing (values by hand only). */
  source: UfSourceAdapter | null;
  log: UfLog;
  /** Time between fetches, across all processes (UF_REFRESH_MINUTES). */
  refreshMs: number;
  /** The clock; tests move it. */
  now?: () => Date;
  /** UF rows re-priced per statement (10,000 by default: uf.repository.ts); tests make it small. */
  repriceBatch?: number;
  /** Counts each fetch from the source by its outcome, for /metrics (prom-client's Counter fits). */
  fetches?: {
    inc: (
      labels: { source: UfSourceAdapter['name']; outcome: UfFetchOutcome },
      value: number,
    ) => void;
  };
};

/** How a fetch from the source ended: values stored (perhaps none new), or nothing stored. */
type UfFetchOutcome = 'success' | 'failure';

/** A failed fetch is tried again after this long (or after refreshMs, if shorter). */
const RETRY_MS = 10 * 60_000;
/** How long a claimed fetch may take before another process may claim it. */
const FETCH_LEASE_MS = 5 * 60_000;

export type RepriceResult = { repriced: number } | null;
export type RefreshResult = {
  /** skipped: another process holds the fetch, or it is not due; none: no source configured. */
  fetch: 'none' | 'skipped' | 'stored' | 'failed';
  stored: number;
  /** null: another process was re-pricing, so this one left it to it. */
  reprice: RepriceResult;
};

/**
 * The UF: its stored values, the job that fetches published ones, and re-pricing. The peso price
 * of a UF-priced property is stored (properties.price, what filters, sorts and indexes read) and
 * computed with the value in uf_pricing; whenever the value in effect moves (a new value for
 * today, a hand-entered one, or the day rolling over to a value published in advance), every UF
 * row is re-priced in one transaction. Any number of processes may run this: the fetch goes to
 * whoever claims its lease, re-pricing to whoever holds the advisory lock; the others skip.
 */
export function createUfService(db: Database, options: UfServiceOptions) {
  const { source, log, refreshMs, fetches } = options;
  const now = options.now ?? (() => new Date());
  // Both series exist from the start, so a rate or an alert sees 0 before the first failure.
  if (source)
    for (const outcome of ['success', 'failure'] as const)
      fetches?.inc({ source: source.name, outcome }, 0);
  const today = () => chileDate(now());

  async function current(): Promise<UfCurrent> {
    const day = today();
    const uf = await repo.inEffect(db, day);
    return { uf, today: day, is_today: uf?.date === day };
  }

  async function listValues(limit: number, cursor: string | undefined): Promise<UfValueList> {
    const before = cursor === undefined ? undefined : decodeDateCursor(cursor);
    const rows = await repo.listValues(db, before, limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items,
      next_cursor: rows.length > limit && last ? encodeDateCursor(last.date) : null,
    };
  }

  /**
   * Brings the stored peso prices to the value in effect, if they are not there. `wait`: queue
   * behind another process's re-pricing (an admin's entry must take effect) instead of skipping.
   */
  async function reprice({ wait = false }: { wait?: boolean } = {}): Promise<RepriceResult> {
    const day = today();
    if (!(await repo.pricingIsStale(db, day))) return { repriced: 0 };
    const started = performance.now();
    const result = await db.transaction(async (tx) => {
      if (!(await repo.lockRepricing(tx, { wait }))) return null;
      const target = await repo.inEffect(tx, day);
      const before = await repo.applied(tx);
      if (sameValue(target, before)) return { repriced: 0, applied: target };
      const value = target?.value ?? null;
      // First the rows, then uf_pricing (which waits for UF writes in flight), then once more for
      // the rows those writes committed with the old value meanwhile. In this order a request
      // editing a UF row never waits on uf_pricing while holding a row this waits for.
      let repriced = await repo.repriceRows(tx, value, options.repriceBatch);
      await repo.setApplied(tx, target);
      repriced += await repo.repriceRows(tx, value, options.repriceBatch);
      return { repriced, applied: target, before };
    });
    if (result && 'before' in result) {
      log.info(
        {
          uf: result.applied,
          previous: result.before,
          repriced: result.repriced,
          ms: Math.round(performance.now() - started),
        },
        result.applied
          ? `UF-priced properties re-priced at the UF of ${result.applied.date}`
          : 'UF-priced properties have no peso price: no UF value is known',
      );
      return { repriced: result.repriced };
    }
    return result && { repriced: result.repriced };
  }

  /**
   * One run of the job: fetch (if this process claims the fetch, and it is due or `force`), then
   * re-price if the value in effect moved. A failing source leaves the stored values as they were
   * and is logged with its reason; it is tried again after RETRY_MS.
   */
  async function refresh({
    force = false,
    signal,
  }: {
    force?: boolean;
    signal?: AbortSignal;
  } = {}): Promise<RefreshResult> {
    let fetch: RefreshResult['fetch'] = 'none';
    let stored = 0;
    if (source) {
      fetch = 'skipped';
      if (await repo.claimFetch(db, { leaseMs: FETCH_LEASE_MS, force })) {
        let failure: string | null = null;
        try {
          const values = await source.fetchValues(today(), signal);
          stored = await repo.storeValues(db, values, source.name);
          fetch = 'stored';
          fetches?.inc({ source: source.name, outcome: 'success' }, 1);
          if (!values.length)
            log.warn({ source: source.name }, 'The UF source answered no values; nothing stored');
          else if (stored)
            log.info(
              { source: source.name, received: values.length, stored },
              `Stored ${stored} new or corrected UF values`,
            );
        } catch (err) {
          fetch = 'failed';
          // A fetch cut short by the app closing failed nothing.
          if (!signal?.aborted) fetches?.inc({ source: source.name, outcome: 'failure' }, 1);
          failure = err instanceof Error ? err.message : String(err);
          log.warn(
            { source: source.name, reason: failure },
            `UF values could not be fetched (${failure}); the stored ones are unchanged`,
          );
        } finally {
          await repo.finishFetch(db, {
            nextInMs: failure === null ? refreshMs : Math.min(refreshMs, RETRY_MS),
            failure,
          });
        }
      }
    }
    return { fetch, stored, reprice: await reprice() };
  }

  /** Stores an admin's value for a day and re-prices if it is (now) the value in effect. */
  async function putValue(date: string, value: number): Promise<PutUfValueResult> {
    const last = addDays(today(), MAX_DAYS_AHEAD);
    if (date > last) {
      throw validationError([issue('date', 'days_ahead', { days: MAX_DAYS_AHEAD, last })]);
    }
    const stored = await repo.storeManual(db, date, value);
    const result = await reprice({ wait: true });
    return {
      stored,
      in_effect: await repo.inEffect(db, today()),
      repriced: result?.repriced ?? 0,
    };
  }

  return { current, listValues, putValue, reprice, refresh };
}

export type UfService = ReturnType<typeof createUfService>;

const sameValue = (a: UfValue | null, b: UfValue | null) =>
  a === b ||
  (a !== null && b !== null && a.date === b.date && a.value === b.value && a.source === b.source);

const encodeDateCursor = (date: string) =>
  Buffer.from(JSON.stringify({ date })).toString('base64url');

function decodeDateCursor(cursor: string): string {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const date = (value as { date?: unknown }).date;
    // A real day, as PostgreSQL reads it: not 2025-02-30, which Date.parse rolls into March.
    if (
      typeof date === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(date) &&
      date >= FIRST_UF_DATE &&
      date <= LAST_UF_DATE &&
      new Date(`${date}T00:00:00Z`).toISOString().startsWith(date)
    )
      return date;
  } catch {
    // fall through to the clear error below
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor: start again from the first page.', [
    issue('cursor', 'invalid_cursor'),
  ]);
}
