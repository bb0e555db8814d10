import type {
  MovePropertyStageResult,
  PropertyCard,
  PropertyList,
  PropertyStage,
} from '@bec/contracts';
import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { sendOrQueue } from '@/entities/offline-queue/send-or-queue';
import { movePropertyStage } from '@/entities/property/stage-move';
import { pipelineKeys } from '@/features/pipeline/api/query-keys';

type MoveStageVariables = {
  card: PropertyCard;
  stage: PropertyStage;
  discard_reason?: string | null;
};

/**
 * The board's move: the card's new stage with the version it was loaded with (409 if stale).
 * Offline, or with no answer, it waits in the signed-in member's queue (ADR 047).
 */
const moveStage = ({ card, stage, discard_reason }: MoveStageVariables, userId?: number) => {
  const body = {
    stage,
    discard_reason: stage === 'discarded' ? (discard_reason ?? null) : null,
    updated_at: card.updated_at,
  };
  return sendOrQueue(
    userId === undefined ? undefined : { userId, label: card.name },
    { kind: 'stage', propertyId: card.id, body },
    (idempotencyKey) => movePropertyStage({ id: card.id, body, idempotencyKey }),
  );
};

type Column = InfiniteData<PropertyList, string | null>;

/**
 * The columns with `card` moved: out of the column it was in, first in `stage`'s column (the
 * server's order, newest first, comes back with the refetch), exact counts adjusted (a capped or
 * estimated one stays as the server said).
 */
function moveInColumns(
  queryClient: QueryClient,
  filters: string,
  card: PropertyCard,
  stage: PropertyStage,
) {
  const from = pipelineKeys.column(card.stage, filters);
  const to = pipelineKeys.column(stage, filters);
  queryClient.setQueryData<Column>(from, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            props: page.props.filter((p) => p.id !== card.id),
            total: page.total_kind === 'exact' ? Math.max(0, page.total - 1) : page.total,
          })),
        }
      : data,
  );
  queryClient.setQueryData<Column>(to, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({
            ...page,
            props: index === 0 ? [{ ...card, stage }, ...page.props] : page.props,
            total: page.total_kind === 'exact' ? page.total + 1 : page.total,
          })),
        }
      : data,
  );
}

/** Puts the server's answer (stage, visited, version) on the moved card. */
function settleCard(queryClient: QueryClient, filters: string, result: MovePropertyStageResult) {
  queryClient.setQueryData<Column>(pipelineKeys.column(result.stage, filters), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            props: page.props.map((p) =>
              p.id === result.id
                ? {
                    ...p,
                    stage: result.stage,
                    visited: result.visited,
                    updated_at: result.updated_at,
                  }
                : p,
            ),
          })),
        }
      : data,
  );
}

export type UseMoveStageOptions = {
  /** The grid's filters as search-param text: which columns are on screen. */
  filters: string;
  /** The signed-in member, whose offline queue keeps a move made without network. */
  userId?: number | undefined;
  /** A move kept in the offline queue: it stays on the board as moved. */
  onQueued?: (variables: MoveStageVariables) => void;
  onMoved?: (result: MovePropertyStageResult, variables: MoveStageVariables) => void;
  onFailed?: (error: unknown, variables: MoveStageVariables) => void;
};

/**
 * Moves a card at once (optimistic), then asks the server; a refusal puts every column back as it
 * was and refetches them (a 409 means someone changed the property meanwhile). A move queued
 * offline stays where it was dropped.
 */
export function useMoveStage({
  filters,
  userId,
  onMoved,
  onQueued,
  onFailed,
}: UseMoveStageOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: MoveStageVariables) => moveStage(variables, userId),
    // Run offline too: the move then goes to the queue instead of waiting unseen.
    networkMode: 'always',
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: pipelineKeys.columns() });
      const before = queryClient.getQueriesData<Column>({ queryKey: pipelineKeys.columns() });
      moveInColumns(queryClient, filters, variables.card, variables.stage);
      return { before };
    },
    onError: (error, variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.all });
      onFailed?.(error, variables);
    },
    onSuccess: (sent, variables) => {
      if (sent.queued) {
        onQueued?.(variables);
        return;
      }
      settleCard(queryClient, filters, sent.result);
      onMoved?.(sent.result, variables);
    },
  });
}
