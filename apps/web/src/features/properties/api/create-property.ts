import { CreatePropertyResultSchema, type PropertyPayload } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { apiRequest } from '@/lib/api-client';

type CreatePropertyInput = PropertyPayload;
type CreatePropertyResult = z.output<typeof CreatePropertyResultSchema>;

/** POST /api/properties/add (editors and admins): answers the new property's id. */
const createProperty = (body: CreatePropertyInput): Promise<CreatePropertyResult> =>
  apiRequest('/properties/add', CreatePropertyResultSchema, { method: 'POST', body });

export type UseCreatePropertyOptions = {
  onSuccess?: (result: CreatePropertyResult, body: CreatePropertyInput) => void;
};

/**
 * Adds a property. On success every property query (lists and details) is marked stale, so the
 * grid shows the new one without a reload.
 */
export function useCreateProperty({ onSuccess }: UseCreatePropertyOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProperty,
    onSuccess: (result, body) => {
      void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      onSuccess?.(result, body);
    },
  });
}
