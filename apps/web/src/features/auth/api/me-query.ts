import { queryOptions, skipToken } from '@tanstack/react-query';

/**
 * The signed-in member's profile, keyed by the signed-in subject so another account never sees a
 * cached one. The call's code (with the contracts and zod) loads only once someone is signed in:
 * a signed-out first screen never needs it.
 */
export const meQueryOptions = (subject: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', subject],
    queryFn:
      subject === null
        ? skipToken
        : () => import('@/features/auth/api/get-me').then(({ getMe }) => getMe()),
  });
