import type { MovePropertyStageBody, PropertyDetail } from '@bec/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '@/entities/offline-queue/send-or-queue';
import { movePropertyStage } from '@/entities/property/stage-move';
import { propertyKeys } from '@/features/properties/api/query-keys';

type MoveVariables = { property: PropertyDetail; body: MovePropertyStageBody };

/**
 * Moves the property on its page; every property query is marked stale either way. Offline, or
 * with no answer, the move waits in the member's queue (ADR 047) and the page shows it at once.
 */
export function useMovePropertyStage(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ property, body }: MoveVariables) =>
      sendOrQueue(
        userId === undefined ? undefined : { userId, label: property.name },
        { kind: 'stage', propertyId: property.id, body },
        (idempotencyKey) => movePropertyStage({ id: property.id, body, idempotencyKey }),
      ),
    // Run offline too: the move then goes to the queue instead of waiting unseen.
    networkMode: 'always',
    onSuccess: (sent, { property, body }) => {
      if (sent.queued)
        queryClient.setQueryData<PropertyDetail>(propertyKeys.detail(property.id), (data) =>
          data ? { ...data, stage: body.stage, discard_reason: body.discard_reason ?? null } : data,
        );
    },
    onSettled: (sent) => {
      if (!sent?.queued) void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
