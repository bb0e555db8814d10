import { type Me, MeSchema } from '@bec/contracts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/users/me: the sign-in call. A member gets its profile; an account that is not one yet
 * gets 403 WAITLISTED (and is put on the waitlist); a bad token gets 401.
 */
export function getMe(): Promise<Me> {
  return apiRequest('/users/me', MeSchema);
}

/** Keyed by the signed-in subject, so another account never sees a cached profile. */
export const meQueryOptions = (subject: string | null) =>
  queryOptions({
    queryKey: ['users', 'me', subject],
    queryFn: subject === null ? skipToken : getMe,
  });
