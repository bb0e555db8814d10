import {
  type MovePropertyStageBody,
  type MovePropertyStageResult,
  MovePropertyStageResultSchema,
} from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyKeys } from '@/features/properties/api/query-keys';
import { apiRequest } from '@/lib/api-client';

export type MovePropertyStageVariables = { id: number; body: MovePropertyStageBody };

/** PATCH /api/properties/:id/stage (editors and admins); 409 when it changed since `updated_at`. */
export const movePropertyStage = ({
  id,
  body,
}: MovePropertyStageVariables): Promise<MovePropertyStageResult> =>
  apiRequest(`/properties/${id}/stage`, MovePropertyStageResultSchema, { method: 'PATCH', body });

/** Moves the property on its page; every property query is marked stale either way. */
export function useMovePropertyStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePropertyStage,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}
