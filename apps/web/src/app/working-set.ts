import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  propertyTypesQueryOptions,
  regionsQueryOptions,
} from '@/entities/reference/reference-queries';
import { historyKeys } from '@/features/history/api/get-property-history';
import { marketKeys } from '@/features/market/api/market-query-keys';
import { forgetOpenedProperty, openedProperties } from '@/features/offline/opened-properties';
import { stageColumnQueryOptions } from '@/features/pipeline/api/get-stage-column';
import { pipelineKeys } from '@/features/pipeline/api/query-keys';
import { propertyQueryOptions } from '@/features/properties/api/get-property';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { upcomingVisitsQueryOptions } from '@/features/visits/api/get-upcoming-visits';
import { visitorsQueryOptions } from '@/features/visits/api/get-visitors';
import { visitKeys } from '@/features/visits/api/query-keys';

/** One property page per second: well under the account's rate limit (ADR 028), beside the page's own calls. */
const PACE_MS = 1000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Loads a photo as an <img> would, so the service worker keeps it (ADR 046). */
const warmPhoto = (url: string) =>
  new Promise<void>((resolve) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => resolve();
    image.src = url;
  });

/** Properties this member deleted in this tab: a working set under way does not ask for them. */
const deleted = new Set<number>();

/**
 * Fetches the member's working set so it stays readable offline (ADR 046): the comunas and
 * property types a quick add chooses from (ADR 048), the members a visit can name (ADR 060), the
 * "Por visitar" column as the board shows it unfiltered, the upcoming visits, then one at a time
 * the pages of those properties and of the 50 opened last, each with its cover photo. Each lands
 * in the query cache, which saves it; what is still fresh is not asked for again.
 */
export async function saveWorkingSet(
  client: QueryClient,
  subject: string,
  signal: AbortSignal,
  pace = PACE_MS,
): Promise<void> {
  await client.fetchQuery(regionsQueryOptions());
  await client.fetchQuery(propertyTypesQueryOptions());
  await client.fetchQuery(visitorsQueryOptions());
  const column = await client.fetchInfiniteQuery(stageColumnQueryOptions('to_visit', ''));
  const upcoming = await client.fetchQuery(upcomingVisitsQueryOptions());
  const opened = await openedProperties(subject);
  const ids = new Set([
    ...opened,
    ...column.pages.flatMap((page) => page.props.map((card) => card.id)),
    ...upcoming.visits.map((visit) => visit.property_id),
  ]);
  // A card's cover and a page's first thumbnail are the same link: each asked for once.
  const warmed = new Set<string>();
  const warm = async (url: string | null | undefined) => {
    if (!url || warmed.has(url)) return;
    warmed.add(url);
    await warmPhoto(url);
  };
  for (const card of column.pages.flatMap((page) => page.props)) {
    if (signal.aborted) return;
    await warm(card.photo_url);
  }
  for (const id of ids) {
    if (signal.aborted || !navigator.onLine) return;
    if (deleted.has(id)) continue;
    const property = await client.fetchQuery(propertyQueryOptions(id)).catch(() => null);
    await warm(property?.photo_urls[0]?.thumbnail_url);
    await pause(pace, signal);
  }
}

/**
 * Removes the query once nothing shows it: removed while its page is still on screen (until the
 * next route has rendered), the page would ask for it again and get a 404.
 */
function removeOnceUnobserved(client: QueryClient, queryKey: QueryKey) {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (query === undefined) return;
  if (query.getObserversCount() === 0) {
    cache.remove(query);
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') unsubscribe();
    else if (event.type === 'observerRemoved' && query.getObserversCount() === 0) {
      unsubscribe();
      cache.remove(query);
    }
  });
}

/**
 * After the member deleted property `id` (ADR 060), their own app forgets it instead of asking
 * the server again (other members' apps learn of it from a 404, saved-queries.ts): its page and
 * sections leave the cache, so the saved working set too; it leaves the opened list; the board's
 * columns and the upcoming visits that held it are marked stale.
 */
export async function dropDeletedProperty(
  client: QueryClient,
  subject: string | null,
  id: number,
): Promise<void> {
  deleted.add(id);
  const keys: QueryKey[] = [
    propertyKeys.detail(id),
    historyKeys.property(id),
    marketKeys.comparables(id),
    visitKeys.ofProperty(id),
  ];
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey, exact: true })));
  for (const queryKey of keys) removeOnceUnobserved(client, queryKey);
  void client.invalidateQueries({ queryKey: pipelineKeys.columns() });
  void client.invalidateQueries({ queryKey: visitKeys.upcoming() });
  if (subject !== null) await forgetOpenedProperty(subject, id);
}
