import {
  type MovePropertyStageResult,
  PROPERTY_STAGES,
  type PropertyCard,
  type PropertyList,
  type PropertyStage,
} from '@bec/contracts';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Group, Paper, ScrollArea, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useMoveStage } from '@/features/pipeline/api/move-stage';
import { pipelineKeys } from '@/features/pipeline/api/query-keys';
import { BoardCardBody } from '@/features/pipeline/components/board-card';
import { BoardColumn, COLUMN_WIDTH } from '@/features/pipeline/components/board-column';
import {
  boardDragAnnouncements,
  boardDragInstructions,
  stageOfDropId,
} from '@/features/pipeline/components/board-drag-messages';
import { columnKeyboardCoordinates } from '@/features/pipeline/components/board-keyboard';
import { DiscardReasonModal } from '@/features/pipeline/components/discard-reason-modal';
import { useT } from '@/i18n/use-t';
import { ApiError, errorText } from '@/lib/api-error';
import { stageLabel } from '@/lib/stages';

export type BoardProps = {
  /** The grid's other filters (search-param text without stage and sort): every column honours them. */
  filters: string;
  /** Editors and admins move cards; viewers see the board read-only. */
  canMove: boolean;
  /** After a move: the route refreshes what else shows the property (the grid, its page). */
  onMoved?: (result: MovePropertyStageResult) => void;
  /** The signed-in member: a move made offline waits in their queue. */
  userId?: number | undefined;
};

/** Under the pointer when there is one (a mouse, a finger); the card's box for the keyboard. */
const collision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/**
 * The pipeline as a board: a column per stage. A card moves by dragging it (mouse, touch, or
 * the keyboard: space, arrows, space) or with its "Mover a…" menu; to Descartada, a reason is
 * asked first. The move shows at once and is undone if the server refuses it.
 */
export function Board({ filters, canMove, onMoved, userId }: BoardProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [dragged, setDragged] = useState<PropertyCard | null>(null);
  const [discarding, setDiscarding] = useState<PropertyCard | null>(null);
  const justPickedUp = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const move = useMoveStage({
    filters,
    userId,
    onMoved: (result, { card }) => {
      notifications.show({
        color: 'green',
        message: t('pipeline.moved', {
          name: card.name,
          stage: t(stageLabel(result.stage)),
        }),
      });
      onMoved?.(result);
    },
    onFailed: (error, { card }) => {
      const reason = errorText(error);
      notifications.show({
        color: 'red',
        message:
          error instanceof ApiError && error.status === 409
            ? t('pipeline.conflict', { name: card.name, reason })
            : t('pipeline.moveFailed', { name: card.name, reason }),
      });
    },
  });

  const requestMove = (card: PropertyCard, stage: PropertyStage) => {
    if (stage === card.stage) return;
    if (stage === 'discarded') setDiscarding(card);
    else move.mutate({ card, stage });
  };

  const cardOf = (id: UniqueIdentifier) => {
    for (const [, data] of queryClient.getQueriesData<InfiniteData<PropertyList>>({
      queryKey: pipelineKeys.columns(),
    })) {
      for (const page of data?.pages ?? []) {
        const card = page.props.find((p) => `card-${p.id}` === id);
        if (card) return card;
      }
    }
    return null;
  };

  const start = ({ active }: DragStartEvent) =>
    setDragged((active.data.current?.card as PropertyCard | undefined) ?? null);
  const end = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const card = active.data.current?.card as PropertyCard | undefined;
    const stage = stageOfDropId(over?.id);
    if (card && stage) requestMove(card, stage);
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={start}
        onDragEnd={end}
        onDragCancel={() => setDragged(null)}
        accessibility={{
          announcements: boardDragAnnouncements(cardOf, justPickedUp),
          screenReaderInstructions: boardDragInstructions(),
        }}
      >
        <ScrollArea type="auto" offsetScrollbars aria-label={t('pipeline.board')}>
          <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
            {PROPERTY_STAGES.map((stage) => (
              <BoardColumn
                key={stage}
                stage={stage}
                filters={filters}
                canMove={canMove}
                onMove={requestMove}
              />
            ))}
          </Group>
        </ScrollArea>
        <DragOverlay>
          {dragged ? (
            <Paper withBorder shadow="md" radius="sm" p="xs" w={COLUMN_WIDTH - 24}>
              <BoardCardBody card={dragged} />
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      {!canMove && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('pipeline.readOnly')}
        </Text>
      )}
      <DiscardReasonModal
        name={discarding?.name ?? null}
        onCancel={() => setDiscarding(null)}
        onConfirm={(reason) => {
          if (discarding)
            move.mutate({ card: discarding, stage: 'discarded', discard_reason: reason });
          setDiscarding(null);
        }}
      />
    </>
  );
}
