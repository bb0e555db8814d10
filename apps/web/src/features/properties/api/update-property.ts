import { type UpdatePropertyPayload, UpdatePropertyResultSchema } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { apiRequest } from '@/lib/api-client';

type UpdatePropertyInput = UpdatePropertyPayload;
type UpdatePropertyResult = z.output<typeof UpdatePropertyResultSchema>;
type UpdatePropertyVariables = { id: number; body: UpdatePropertyInput };

/**
 * PUT /api/properties/:id (editors and admins): the add payload plus the `updated_at` loaded and
 * the photos in order (ids kept, upload paths added). 409 CONFLICT when someone saved in between.
 */
const updateProperty = ({ id, body }: UpdatePropertyVariables): Promise<UpdatePropertyResult> =>
  apiRequest(`/properties/${id}`, UpdatePropertyResultSchema, { method: 'PUT', body });

export type UseUpdatePropertyOptions = {
  onSuccess?: (result: UpdatePropertyResult, variables: UpdatePropertyVariables) => void;
};

/** Saves an edit. On success every property query (lists and details) is marked stale. */
export function useUpdateProperty({ onSuccess }: UseUpdatePropertyOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProperty,
    onSuccess: (result, variables) => {
      void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      onSuccess?.(result, variables);
    },
  });
}
