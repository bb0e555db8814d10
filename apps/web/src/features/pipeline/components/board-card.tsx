import type { PropertyCard, PropertyStage } from '@bec/contracts';
import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cardDragId } from '@/features/pipeline/components/board-drag-messages';
import { MoveMenu } from '@/features/pipeline/components/move-menu';
import { useT } from '@/i18n/use-t';
import { formatPrice, formatUf } from '@/lib/format';

export type BoardCardProps = {
  card: PropertyCard;
  /** Editors and admins: a drag handle and the "Mover a…" menu; viewers see the card alone. */
  canMove: boolean;
  onMove: (card: PropertyCard, stage: PropertyStage) => void;
};

/** The price as entered: UF with its decimals, or pesos. */
const priceText = (card: PropertyCard) =>
  card.price_unit === 'UF' ? formatUf(card.price_amount) : formatPrice(card.price_amount);

/** The card's face, also drawn under the pointer while it is dragged. */
export function BoardCardBody({ card }: { card: PropertyCard }) {
  return (
    <Stack gap={2} miw={0}>
      <Anchor
        component={Link}
        to={paths.property.getHref(card.id)}
        fw={600}
        size="sm"
        lineClamp={2}
      >
        {card.name}
      </Anchor>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {card.city_name} · {card.property_type_name}
      </Text>
      <Text size="sm">{priceText(card)}</Text>
    </Stack>
  );
}

/** One property in a column: its name (a link to its page), comuna, type and price. */
export function BoardCard({ card, canMove, onMove }: BoardCardProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: cardDragId(card.id),
    data: { card },
    disabled: !canMove,
  });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      data-testid="board-card"
      data-property-id={card.id}
      style={{ opacity: isDragging ? 0.4 : 1 }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {canMove && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={t('pipeline.dragHandle', { name: card.name })}
          >
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <BoardCardBody card={card} />
          {canMove && (
            <Group justify="flex-end">
              <MoveMenu
                name={card.name}
                stage={card.stage}
                onMove={(stage) => onMove(card, stage)}
              />
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
