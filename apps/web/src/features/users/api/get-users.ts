import { UserListSchema } from '@bec/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { userKeys } from '@/entities/member/member-query-keys';
import { apiRequest } from '@/lib/api-client';

/** Members per page (the API's default; it allows up to 500). */
const USERS_PAGE_SIZE = 100;

export type GetUsersParams = { cursor?: string | undefined; signal?: AbortSignal | undefined };

/** GET /api/users: one page of members, by id, with the cursor of the next page (or null). */
function getUsers({ cursor, signal }: GetUsersParams = {}) {
  const search = new URLSearchParams({ limit: String(USERS_PAGE_SIZE) });
  if (cursor !== undefined) search.set('cursor', cursor);
  return apiRequest(`/users?${search}`, UserListSchema, { signal });
}

/** Every page loaded so far; the next one is asked for with `fetchNextPage` ("Load more"). */
const usersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: userKeys.lists(),
    queryFn: ({ pageParam, signal }) => getUsers({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

export type UseUsersOptions = {
  /** Admins only: the API refuses everyone else. */
  enabled?: boolean;
};

export const useUsers = ({ enabled = true }: UseUsersOptions = {}) =>
  useInfiniteQuery({ ...usersQueryOptions(), enabled });
