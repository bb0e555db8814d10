import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { savedSearchKeys } from './query-keys';

/** DELETE /api/saved-searches/:id (its owner; a shared one, any admin too). */
const deleteSavedSearch = (id: number) =>
  apiRequest(`/saved-searches/${id}`, z.unknown(), { method: 'DELETE' });

/** Deletes a search (its alerts go with it); the list is fetched again. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
