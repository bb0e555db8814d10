import { useEffect, useState } from 'react';
import { fetchListingThumbnail } from '@/features/properties/api/import-listing-thumbnail';

/** A proposed photo's thumbnail: on its way, an object URL to draw, or refused. */
export type ListingThumbnail =
  | { state: 'loading' }
  | { state: 'ready'; src: string }
  | { state: 'failed' };

/** Thumbnails asked at once: a listing's 20 photos arrive without 20 fetches open on the API. */
const THUMBNAILS_AT_ONCE = 4;

const LOADING: ListingThumbnail = { state: 'loading' };

/**
 * The thumbnails of a listing's proposed photos, by URL, through the API (the bearer token goes
 * with each request; the CSP allows blob: images), a few at a time in the list's order. Leaving
 * (or another list) stops the requests under way and revokes every object URL made.
 */
export function useListingThumbnails(urls: readonly string[]): (url: string) => ListingThumbnail {
  const [thumbnails, setThumbnails] = useState<ReadonlyMap<string, ListingThumbnail>>(new Map());

  useEffect(() => {
    const controller = new AbortController();
    const made: string[] = [];
    const waiting = [...new Set(urls)];
    const settle = (url: string, thumbnail: ListingThumbnail) =>
      setThumbnails((current) => new Map(current).set(url, thumbnail));
    const worker = async () => {
      for (let url = waiting.shift(); url !== undefined; url = waiting.shift()) {
        try {
          const blob = await fetchListingThumbnail(url, controller.signal);
          if (controller.signal.aborted) return;
          const src = URL.createObjectURL(blob);
          made.push(src);
          settle(url, { state: 'ready', src });
        } catch {
          if (controller.signal.aborted) return;
          // Whatever the reason (an address refused, no image): the photo can still be chosen.
          settle(url, { state: 'failed' });
        }
      }
    };
    setThumbnails(new Map());
    for (let i = 0; i < THUMBNAILS_AT_ONCE; i += 1) void worker();
    return () => {
      controller.abort();
      for (const src of made) URL.revokeObjectURL(src);
    };
  }, [urls]);

  return (url) => thumbnails.get(url) ?? LOADING;
}
