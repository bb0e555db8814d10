import { WaitlistSchema } from '@bec/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { waitlistKeys } from '@/entities/member/member-query-keys';
import { apiRequest } from '@/lib/api-client';

/** Access requests per page (the API's default; it allows up to 500). */
const WAITLIST_PAGE_SIZE = 100;

export type GetWaitlistParams = { cursor?: string | undefined; signal?: AbortSignal | undefined };

/** GET /api/waitlist: one page of access requests, oldest first, with the next page's cursor. */
function getWaitlist({ cursor, signal }: GetWaitlistParams = {}) {
  const search = new URLSearchParams({ limit: String(WAITLIST_PAGE_SIZE) });
  if (cursor !== undefined) search.set('cursor', cursor);
  return apiRequest(`/waitlist?${search}`, WaitlistSchema, { signal });
}

/** Every page loaded so far; the next one is asked for with `fetchNextPage` ("Load more"). */
const waitlistQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: waitlistKeys.lists(),
    queryFn: ({ pageParam, signal }) => getWaitlist({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

export type UseWaitlistOptions = {
  /** The waitlist is fetched only for admins (docs/product.md, Screens and routes): the caller says whether this is one. */
  enabled: boolean;
};

export const useWaitlist = ({ enabled }: UseWaitlistOptions) =>
  useInfiniteQuery({ ...waitlistQueryOptions(), enabled });
