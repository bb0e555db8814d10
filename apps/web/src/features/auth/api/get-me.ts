import { type Me, MeSchema } from '@bec/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/users/me: the sign-in call. A member gets its profile; an account that is not one yet
 * gets 403 WAITLISTED (and is put on the waitlist); a bad token gets 401.
 */
export function getMe(): Promise<Me> {
  return apiRequest('/users/me', MeSchema);
}
