/** A photo link of this server: `/photos/<key>/<card|gallery|original>?expires=&sig=` (ADR 006). */
const PHOTO_PATH = /^\/photos\/.+\/(card|gallery|original)$/;

/** Whether the worker keeps this request's answer for reading offline: a photo of this origin. */
export const isPhotoRequest = (url: URL, origin: string) =>
  url.origin === origin && PHOTO_PATH.test(url.pathname);

/**
 * The cache key of a photo link: its path without the signature. The link is signed per day, the
 * content behind a key never changes (ADR 006), so tomorrow's link finds today's copy.
 */
export const photoCacheKey = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** Photos kept at most: a working set of ~100 properties' covers (cards and thumbnails). */
export const MAX_CACHED_PHOTOS = 300;
/** A photo not shown for this long is let go. */
export const CACHED_PHOTO_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
