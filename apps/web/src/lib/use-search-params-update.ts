import { useSearchParams } from 'react-router';

/**
 * The search the last update asked for, and the search it was made from, until it renders.
 * React Router's own updater builds on the params of the last render, and the router renders in a
 * transition: a second update before that (two filters chosen quickly on a slow phone, a filter
 * and the statistics' grouping) would drop the first. One URL per page, so one note for all.
 */
let asked: { from: string; to: string } | undefined;

/**
 * The page's search params, and `update`, which replaces the history entry with what `next`
 * makes of the latest params: the URL's, or those an update asked for that has not rendered yet.
 */
export function useSearchParamsUpdate() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rendered = searchParams.toString();
  if (asked?.to === rendered) asked = undefined;
  const update = (next: (current: URLSearchParams) => URLSearchParams) => {
    const latest = asked?.from === rendered ? asked.to : rendered;
    const params = next(new URLSearchParams(latest));
    asked = { from: rendered, to: params.toString() };
    setSearchParams(params, { replace: true });
  };
  return [searchParams, update] as const;
}
