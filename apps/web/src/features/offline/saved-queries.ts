import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { queriesKey, type SavedStore, savedStore } from '@/features/offline/saved-store';
import { ApiError } from '@/lib/api-error';

/**
 * The member's working set kept in IndexedDB (ADR 046): the query data worth reading offline,
 * written a second after each successful fetch and put back in the cache when the app opens.
 */

/** The keys saved: a property's page and its sections, the board's columns, visits, references. */
const SAVED_PREFIXES: readonly QueryKey[] = [
  ['properties', 'detail'],
  ['pipeline'],
  ['visits'],
  // The sections' keys sit under the properties' prefix (their features' query keys).
  ['properties', 'history'],
  ['properties', 'market', 'comparables'],
  ['reference'],
  ['uf'],
];
/** Property pages kept at most, newest first (the 50 opened last plus the board's and visits'). */
const MAX_SAVED_DETAILS = 120;
/** Saved data older than this is not put back: a week-old working set misleads more than it helps. */
export const SAVED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Kept in memory this long once loaded, so it is still there to save (and to read offline). */
const SAVED_GC_MS = SAVED_MAX_AGE_MS;
const SAVE_DELAY_MS = 1000;
/** Written with the data; a build that reads another shape ignores it. */
const FORMAT = 1;

/** A query's key, data and when it was fetched: what a page needs to show it again. */
type SavedQuery = { queryKey: QueryKey; data: unknown; dataUpdatedAt: number };
type SavedQueries = { format: number; savedAt: number; queries: SavedQuery[] };

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.every((part, index) => key[index] === part);
const isSavedKey = (query: Query) =>
  SAVED_PREFIXES.some((prefix) => startsWith(query.queryKey, prefix));
const isSaved = (query: Query) => query.state.status === 'success' && isSavedKey(query);
const isDetail = (query: Query) => startsWith(query.queryKey, SAVED_PREFIXES[0] ?? []);

/**
 * The queries to save now: every matching one, but only the newest property pages. Plain data,
 * read off the cache (TanStack's dehydrate would pull query-core's internals into this chunk and
 * split the first-load bundle around them).
 */
function queriesToSave(client: QueryClient): SavedQuery[] {
  const matching = client.getQueryCache().getAll().filter(isSaved);
  const details = matching
    .filter(isDetail)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const dropped = new Set(details.slice(MAX_SAVED_DETAILS));
  return matching
    .filter((query) => !dropped.has(query))
    .map(({ queryKey, state }) => ({
      queryKey,
      data: state.data,
      dataUpdatedAt: state.dataUpdatedAt,
    }));
}

/** The server's "not found": the thing was deleted since it was saved. */
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Puts saved queries in the cache, unless it holds a newer copy already. */
function restore(client: QueryClient, queries: SavedQuery[]) {
  for (const { queryKey, data, dataUpdatedAt } of queries) {
    const held = client.getQueryState(queryKey);
    if (held?.data !== undefined && held.dataUpdatedAt >= dataUpdatedAt) continue;
    // Already answered 404 before the saved copy was read: the copy must not bring it back.
    if (isGone(held?.error)) continue;
    client.setQueryData(queryKey, data, { updatedAt: dataUpdatedAt });
  }
}

/** When the saved data is from: its newest fetch. */
const newestFetch = (queries: SavedQuery[]) =>
  queries.reduce((newest, query) => Math.max(newest, query.dataUpdatedAt), 0);

// When the data shown offline was saved, for the offline notice.
let savedAt: number | null = null;
const listeners = new Set<() => void>();
function setSavedAt(value: number | null) {
  if (value === savedAt) return;
  savedAt = value;
  for (const listener of listeners) listener();
}
export const subscribeSavedAt = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
export const getSavedAt = () => savedAt;

let stopCurrent: (() => void) | null = null;
let savingFor: string | null = null;
let generation = 0;

/** Stops saving (before the member's data is forgotten: nothing written after). */
export function stopSaving() {
  generation += 1;
  stopCurrent?.();
  stopCurrent = null;
  savingFor = null;
}

/**
 * Puts the member's saved queries back in the cache (data already there and newer wins), then
 * saves the working set after each successful fetch. Calling it again (another member) stops the
 * previous saving first.
 */
export async function startSaving(
  client: QueryClient,
  subject: string,
  store: SavedStore = savedStore(),
  now = Date.now(),
): Promise<void> {
  stopSaving();
  savingFor = subject;
  const mine = generation;
  for (const prefix of SAVED_PREFIXES) client.setQueryDefaults(prefix, { gcTime: SAVED_GC_MS });
  const saved = (await store.get(queriesKey(subject))) as SavedQueries | undefined;
  if (mine !== generation) return;
  const usable = saved?.format === FORMAT && now - saved.savedAt <= SAVED_MAX_AGE_MS;
  if (usable) restore(client, saved.queries);
  setSavedAt(usable ? saved.savedAt : null);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const queries = queriesToSave(client);
    if (queries.length === 0) {
      // The last one was removed (a deleted property): nothing saved is left to show.
      void store.del(queriesKey(subject)).then(() => {
        if (mine === generation) setSavedAt(null);
      });
      return;
    }
    const record: SavedQueries = { format: FORMAT, savedAt: newestFetch(queries), queries };
    void store
      .update(queriesKey(subject), () => record)
      .then(() => {
        if (mine === generation) setSavedAt(record.savedAt);
      });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    // Removed from the cache (the member deleted the property, ADR 060): saved again without it
    // at once, so an app closed right after the delete does not bring it back when it opens.
    if (event.type === 'removed' && isSavedKey(event.query)) {
      clearTimeout(timer);
      save();
    }
    if (event.type !== 'updated') return;
    if (event.action.type === 'success') timer ??= setTimeout(save, SAVE_DELAY_MS);
    // Gone on the server (deleted since it was saved, here or by someone else): the copy shown
    // goes, so the page says so instead of showing it, and the next save leaves it out.
    const { query } = event;
    if (
      event.action.type === 'error' &&
      isGone(event.action.error) &&
      query.state.data !== undefined
    ) {
      void client.resetQueries({ queryKey: query.queryKey, exact: true });
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    }
  });
  stopCurrent = () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Forgets the member's saved queries (signing out). */
export async function forgetSavedQueries(
  subject: string,
  store: SavedStore = savedStore(),
): Promise<void> {
  // Another member's saving, started since (they signed in), goes on.
  if (savingFor === subject) {
    stopSaving();
    setSavedAt(null);
  }
  await store.del(queriesKey(subject));
}
