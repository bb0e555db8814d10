import {
  type UpdateVisitBody,
  type VisitBody,
  type VisitResult,
  VisitResultSchema,
} from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { visitKeys } from '@/features/visits/api/query-keys';
import { apiRequest } from '@/lib/api-client';

/** POST /api/properties/:id/visits (editors and admins): logs a visit with its uploaded photos. */
const createVisit = (
  propertyId: number,
  body: VisitBody,
  idempotencyKey?: string,
): Promise<VisitResult> =>
  apiRequest(`/properties/${propertyId}/visits`, VisitResultSchema, {
    method: 'POST',
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

/** PUT /api/visits/:id: edits a visit; 409 when someone changed it after it was loaded. */
const updateVisit = (id: number, body: UpdateVisitBody): Promise<VisitResult> =>
  apiRequest(`/visits/${id}`, VisitResultSchema, { method: 'PUT', body });

/** DELETE /api/visits/:id: removes a visit and its photos. */
const deleteVisit = (id: number) =>
  apiRequest(`/visits/${id}`, z.object({ id: z.number().int() }), { method: 'DELETE' });

export type SaveVisitInput =
  /** `idempotencyKey`: the one the visit keeps if it goes to the offline queue after this try. */
  | { kind: 'create'; body: VisitBody; idempotencyKey?: string }
  | { kind: 'update'; id: number; body: UpdateVisitBody }
  | { kind: 'delete'; id: number };

/**
 * Logs, edits or removes one of a property's visits. On success the property's visits and the
 * upcoming ones are marked stale, then `onChanged` runs (the page refreshes the property, whose
 * stage a visit may have moved).
 */
export function useChangeVisit(propertyId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveVisitInput) =>
      input.kind === 'create'
        ? createVisit(propertyId, input.body, input.idempotencyKey)
        : input.kind === 'update'
          ? updateVisit(input.id, input.body)
          : deleteVisit(input.id),
    // Sent offline too, so the form hears at once that there is no network (and queues).
    networkMode: 'always',
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: visitKeys.ofProperty(propertyId) });
      void queryClient.invalidateQueries({ queryKey: visitKeys.upcoming() });
      onChanged?.();
    },
  });
}
