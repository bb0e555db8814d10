import type { PropertyStage } from '@bec/contracts';
import { Badge, type BadgeProps } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import { STAGE_COLORS, stageLabel } from '@/lib/stages';

export type StageBadgeProps = { stage: PropertyStage } & Omit<BadgeProps, 'children' | 'color'>;

/** The property's pipeline stage, named in the current language, in its colour. */
export function StageBadge({ stage, ...props }: StageBadgeProps) {
  const t = useT();
  return (
    <Badge variant="light" tt="none" color={STAGE_COLORS[stage]} {...props}>
      {t(stageLabel(stage))}
    </Badge>
  );
}
