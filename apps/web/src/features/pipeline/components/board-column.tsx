import { PROPERTY_COUNT_CAP, type PropertyCard, type PropertyStage } from '@bec/contracts';
import { useDroppable } from '@dnd-kit/core';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { useStageColumn } from '@/features/pipeline/api/get-stage-column';
import { BoardCard } from '@/features/pipeline/components/board-card';
import { columnDropId } from '@/features/pipeline/components/board-drag-messages';
import { useT } from '@/i18n/use-t';
import { formatApproximate, formatInteger } from '@/lib/format';
import { stageLabel } from '@/lib/stages';

export type BoardColumnProps = {
  stage: PropertyStage;
  /** The grid's other filters, as search-param text. */
  filters: string;
  canMove: boolean;
  onMove: (card: PropertyCard, stage: PropertyStage) => void;
};

/** Column width: a card's name on two lines, seven columns scroll sideways on a small screen. */
export const COLUMN_WIDTH = 260;

/**
 * One stage: its name and how many properties are in it (exact, "más de 1.000" or
 * "≈ 24.000"), its cards
 * newest first, "Cargar más" for the next keyset page. The whole column is a drop target.
 */
export function BoardColumn({ stage, filters, canMove, onMove }: BoardColumnProps) {
  const t = useT();
  const headingId = useId();
  const column = useStageColumn(stage, filters);
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(stage) });
  const first = column.data?.pages[0];
  const cards = column.data?.pages.flatMap((page) => page.props) ?? [];
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      data-stage={stage}
      withBorder
      radius="md"
      p="sm"
      w={COLUMN_WIDTH}
      miw={COLUMN_WIDTH}
      bg={isOver ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-0)'}
      style={{ alignSelf: 'stretch' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {t(stageLabel(stage))}
          </Title>
          {first && (
            <Badge
              variant="light"
              tt="none"
              data-testid="column-count"
              title={
                first.total_kind === 'estimate'
                  ? t('pipeline.estimateHint', { cap: formatInteger(PROPERTY_COUNT_CAP) })
                  : undefined
              }
            >
              {first.total_kind === 'exact'
                ? t('pipeline.count', { count: first.total })
                : first.total_kind === 'at_least'
                  ? t('pipeline.countCapped', { count: first.total })
                  : t('pipeline.countEstimate', { total: formatApproximate(first.total) })}
            </Badge>
          )}
        </Group>
        <QueryState
          query={column}
          inline
          loading={t('pipeline.loading')}
          failed={() => t('pipeline.loadFailed')}
          empty={
            cards.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('pipeline.empty')}
              </Text>
            )
          }
        />
        {cards.map((card) => (
          <BoardCard key={card.id} card={card} canMove={canMove} onMove={onMove} />
        ))}
        <LoadMore query={column} label={t('pipeline.loadMore')} compact />
      </Stack>
    </Paper>
  );
}
