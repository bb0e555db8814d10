import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { apiRequest } from '@/lib/api-client';

const DeletedPropertySchema = z.object({ id: z.number().int() });
type DeletePropertyResult = z.output<typeof DeletedPropertySchema>;

/**
 * DELETE /api/properties/:id (editors and admins): removes the property and its photos' files.
 * Answers 404 when it is already gone.
 */
const deleteProperty = (id: number): Promise<DeletePropertyResult> =>
  apiRequest(`/properties/${id}`, DeletedPropertySchema, { method: 'DELETE' });

export type UseDeletePropertyOptions = {
  onSuccess?: (id: number) => void;
  onError?: (error: Error, id: number) => void;
};

/**
 * Deletes a property. On success the lists are marked stale, so the grid no longer shows it; then
 * the caller's own `onSuccess` runs. The deleted property's own queries are not touched here:
 * marked stale or removed while the page still shows it (until the next route has rendered), it
 * fetches them again and gets a 404. The app removes them once the page is gone (ADR 060).
 */
export function useDeleteProperty({ onSuccess, onError }: UseDeletePropertyOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    onSuccess: (_deleted, id) => {
      void queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      onSuccess?.(id);
    },
    onError: (error, id) => onError?.(error, id),
  });
}
