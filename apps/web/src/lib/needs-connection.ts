import type { FetchStatus, QueryMeta } from '@tanstack/react-query';

/**
 * In a query's `meta` when the component showing it says by itself what it lacks offline (a
 * page's section says it needs a connection, the bell shows no count): the offline notice's
 * "this screen needs the network" leaves it out, so a saved page is not said to have nothing
 * (ADR 060).
 */
export const SHOWS_ITS_OFFLINE_STATE: QueryMeta = { showsItsOfflineState: true };

export const showsItsOfflineState = (meta: QueryMeta | undefined): boolean =>
  meta?.showsItsOfflineState === true;

/**
 * Offline with nothing to show yet: TanStack Query pauses the fetch until the network is back,
 * and then runs it by itself.
 */
export const waitsForAConnection = (query: {
  isPending: boolean;
  fetchStatus: FetchStatus;
}): boolean => query.isPending && query.fetchStatus === 'paused';
