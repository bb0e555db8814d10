/**
 * Every regular expression built at run time over a member's text (a pasted listing, a fetched
 * page) is made here, so that the ReDoS check sees each one as it is really assembled
 * (docs/decisions/058-untrusted-text-off-the-event-loop.md). Literals are checked where they are
 * written; a pattern assembled from pieces is only known once assembled.
 */
const seen = new Set<string>();
/** Sources differ only with the reference data (the comunas), so a few are ever made. */
const SEEN_MAX = 500;

/** A new RegExp of `source` and `flags` (V8 caches the compiled code by both). */
export function userTextPattern(source: string, flags = ''): RegExp {
  const re = new RegExp(source, flags);
  if (seen.size < SEEN_MAX) seen.add(`${flags}/${source}`);
  return re;
}

/** The patterns made so far in this thread, as `{ source, flags }`, for the ReDoS check. */
export const userTextPatternsMade = () =>
  [...seen].map((key) => {
    const slash = key.indexOf('/');
    return { flags: key.slice(0, slash), source: key.slice(slash + 1) };
  });
