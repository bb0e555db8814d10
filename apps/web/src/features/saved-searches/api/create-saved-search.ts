import { type CreateSavedSearchBody, type SavedSearch, SavedSearchSchema } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** POST /api/saved-searches: any member saves a personal search; editors and admins a shared one. */
const createSavedSearch = (body: CreateSavedSearchBody) =>
  apiRequest('/saved-searches', SavedSearchSchema, { method: 'POST', body });

/** Saves a search; the sidebar's list is fetched again. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation<SavedSearch, Error, CreateSavedSearchBody>({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
