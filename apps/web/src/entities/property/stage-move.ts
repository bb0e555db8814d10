import {
  type MovePropertyStageBody,
  type MovePropertyStageResult,
  MovePropertyStageResultSchema,
} from '@bec/contracts';
import { apiRequest } from '@/lib/api-client';

type MovePropertyStageVariables = {
  id: number;
  body: MovePropertyStageBody;
  /** A queued move's own key, the same on every try (ADR 047). */
  idempotencyKey?: string;
};

/**
 * PATCH /api/properties/:id/stage (editors and admins), the one client for a stage move: the
 * property's page and the board each wrap it in their own mutation. 409 when the property
 * changed since `body.updated_at`.
 */
export const movePropertyStage = ({
  id,
  body,
  idempotencyKey,
}: MovePropertyStageVariables): Promise<MovePropertyStageResult> =>
  apiRequest(`/properties/${id}/stage`, MovePropertyStageResultSchema, {
    method: 'PATCH',
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
