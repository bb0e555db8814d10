import type { PropertyStage } from '@bec/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';

/** A colour per stage: greys before a visit, blues and teal on the way to buying, red out. */
export const STAGE_COLORS: Record<PropertyStage, string> = {
  new: 'gray',
  to_visit: 'indigo',
  visited: 'blue',
  negotiating: 'grape',
  offer_made: 'orange',
  bought: 'teal',
  discarded: 'red',
};

/** Each stage's name (keys written out whole, as the catalogue test wants). */
export const STAGE_LABELS = {
  new: 'properties.stage.new',
  to_visit: 'properties.stage.to_visit',
  visited: 'properties.stage.visited',
  negotiating: 'properties.stage.negotiating',
  offer_made: 'properties.stage.offer_made',
  bought: 'properties.stage.bought',
  discarded: 'properties.stage.discarded',
} as const satisfies Record<PropertyStage, MessageId>;

export type StageBadgeProps = { stage: PropertyStage } & Omit<BadgeProps, 'children' | 'color'>;

/** The property's pipeline stage, named in the current language. */
export function StageBadge({ stage, ...props }: StageBadgeProps) {
  const t = useT();
  return (
    <Badge variant="light" tt="none" color={STAGE_COLORS[stage]} {...props}>
      {t(STAGE_LABELS[stage])}
    </Badge>
  );
}
