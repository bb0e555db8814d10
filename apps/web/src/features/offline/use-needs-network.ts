import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { showsItsOfflineState } from '@/lib/needs-connection';

/** The sign-in's own queries wait for the network too, but the page does not show them. */
const isSignIn = (query: Query) =>
  query.queryKey[0] === 'auth' || (query.queryKey[0] === 'users' && query.queryKey[1] === 'me');

/**
 * A query on screen waiting for the network with nothing to show meanwhile, whose component does
 * not say so itself (a page's sections and the sidebar do, ADR 060).
 */
const waitsWithNothing = (query: Query) =>
  query.state.fetchStatus === 'paused' &&
  query.state.data === undefined &&
  query.getObserversCount() > 0 &&
  !isSignIn(query) &&
  !showsItsOfflineState(query.meta);

/**
 * Whether the screen shows a query that waits for the network (TanStack pauses queries offline)
 * and has no saved data: that screen needs the network, and the offline notice says so. A saved
 * page whose sections are not saved has what it shows: each section says it needs a connection.
 */
export function useNeedsNetwork(): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  return useSyncExternalStore(subscribe, () => cache.getAll().some(waitsWithNothing));
}
