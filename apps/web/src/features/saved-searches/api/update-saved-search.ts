import { type SavedSearch, SavedSearchSchema, type UpdateSavedSearchBody } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

export type UpdateSavedSearchInput = { id: number; body: UpdateSavedSearchBody };

/** PATCH /api/saved-searches/:id (its owner; a shared one, any admin too): name, scope, filters. */
const updateSavedSearch = ({ id, body }: UpdateSavedSearchInput) =>
  apiRequest(`/saved-searches/${id}`, SavedSearchSchema, { method: 'PATCH', body });

/** Renames a search or gives it the grid's current filters; the list is fetched again. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation<SavedSearch, Error, UpdateSavedSearchInput>({
    mutationFn: updateSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
