import { type SavedSearch, type SavedSearchEmail, SavedSearchSchema } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentLocale } from '@/i18n/i18n';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

export type SetSubscriptionInput = { id: number; subscribed?: boolean; email?: SavedSearchEmail };

/**
 * PUT /api/saved-searches/:id/subscription: follow a shared search, or stop following any, and
 * choose its mail. The language BEC is read in goes along every time, so the server writes the
 * member's alert mail in it (ADR 054).
 */
const setSubscription = ({ id, subscribed, email }: SetSubscriptionInput) =>
  apiRequest(`/saved-searches/${id}/subscription`, SavedSearchSchema, {
    method: 'PUT',
    body: { subscribed, email, locale: currentLocale() },
  });

/** Follows or stops following a search, or changes its mail; the list is fetched again. */
export function useSetSubscription() {
  const queryClient = useQueryClient();
  return useMutation<SavedSearch, Error, SetSubscriptionInput>({
    mutationFn: setSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
