import type { QueryClient } from '@tanstack/react-query';
import { openedProperties } from '@/features/offline/opened-properties';
import { stageColumnQueryOptions } from '@/features/pipeline/api/get-stage-column';
import { propertyQueryOptions } from '@/features/properties/api/get-property';
import { upcomingVisitsQueryOptions } from '@/features/visits/api/get-upcoming-visits';
import { propertyTypesQueryOptions, regionsQueryOptions } from '@/lib/reference-queries';

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

/**
 * Fetches the member's working set so it stays readable offline (issue 33, ADR 046): the comunas
 * and property types a quick add chooses from (ADR 048), the "Por visitar" column as the board shows it unfiltered, the upcoming visits, then one at a time the
 * pages of those properties and of the 50 opened last, each with its cover photo. Each lands in
 * the query cache, which saves it; what is still fresh is not asked for again.
 */
export async function saveWorkingSet(
  client: QueryClient,
  subject: string,
  signal: AbortSignal,
  pace = PACE_MS,
): Promise<void> {
  await client.fetchQuery(regionsQueryOptions());
  await client.fetchQuery(propertyTypesQueryOptions());
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
    const property = await client.fetchQuery(propertyQueryOptions(id)).catch(() => null);
    await warm(property?.photo_urls[0]?.thumbnail_url);
    await pause(pace, signal);
  }
}
