import { type SavedSearch, SavedSearchSchema } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** POST /api/saved-searches/:id/opened: the member has seen its matches (new_count back to 0). */
const openSavedSearch = (id: number) =>
  apiRequest(`/saved-searches/${id}/opened`, SavedSearchSchema, { method: 'POST' });

/** Marks a search opened; its badge goes at once, from the answer, without another list fetch. */
export function useOpenSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openSavedSearch,
    onSuccess: (opened) =>
      queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.list(), (list) =>
        list?.map((search) => (search.id === opened.id ? opened : search)),
      ),
  });
}
