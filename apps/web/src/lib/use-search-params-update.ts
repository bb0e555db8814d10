import { useSearchParams } from 'react-router';

/**
 * The page's search as last rendered, and the search the last update asked for with the one it
 * was made from, until it renders. React Router's own updater builds on the params of the render
 * its function came from, and the router renders in a transition: a second update before that
 * (two filters chosen quickly on a slow phone), or one from an older render's callback (the search
 * box's debounced commit), would drop the first. One URL per page, so one note for all.
 */
let lastRendered = '';
let asked: { from: string; to: string } | undefined;

/**
 * The page's search params, and `update`, which replaces the history entry with what `next`
 * makes of the latest params: the URL's, or those an update asked for that has not rendered yet.
 */
export function useSearchParamsUpdate() {
  const [searchParams, setSearchParams] = useSearchParams();
  lastRendered = searchParams.toString();
  if (asked?.to === lastRendered) asked = undefined;
  const update = (next: (current: URLSearchParams) => URLSearchParams) => {
    const latest = asked?.from === lastRendered ? asked.to : lastRendered;
    const params = next(new URLSearchParams(latest));
    asked = { from: lastRendered, to: params.toString() };
    setSearchParams(params, { replace: true });
  };
  return [searchParams, update] as const;
}
