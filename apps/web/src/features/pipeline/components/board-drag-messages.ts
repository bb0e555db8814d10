import type { PropertyStage } from '@bec/contracts';
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { t } from '@/i18n/i18n';
import { stageLabel } from '@/lib/stages';

/** A draggable card's id on the board, and a column's. */
export const cardDragId = (id: number) => `card-${id}`;
export const columnDropId = (stage: PropertyStage) => `column-${stage}`;
export const stageOfDropId = (id: UniqueIdentifier | undefined | null): PropertyStage | null =>
  typeof id === 'string' && id.startsWith('column-')
    ? (id.slice('column-'.length) as PropertyStage)
    : null;

const stageName = (stage: PropertyStage) => t(stageLabel(stage));

/** What a screen reader hears on a card's drag handle, in the current language. */
export const boardDragInstructions = (): ScreenReaderInstructions => ({
  draggable: t('pipeline.drag.instructions'),
});

/**
 * What dnd-kit announces while a card is dragged across the columns, in the current language.
 * `cardOf` names a dragged card and says the stage it is in. `justPickedUp` lives as long as the
 * board: dnd-kit reports the card over its own column right after picking it up, which would
 * talk over "Tomaste …", so that first report is skipped.
 */
export function boardDragAnnouncements(
  cardOf: (id: UniqueIdentifier) => { name: string; stage: PropertyStage } | null,
  justPickedUp: { current: boolean },
): Announcements {
  const describe = (id: UniqueIdentifier) => cardOf(id) ?? { name: '', stage: 'new' as const };
  return {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      const { name, stage } = describe(active.id);
      return t('pipeline.drag.pickedUp', { name, stage: stageName(stage) });
    },
    onDragOver: ({ active, over }) => {
      const first = justPickedUp.current;
      justPickedUp.current = false;
      const { name, stage: from } = describe(active.id);
      const stage = stageOfDropId(over?.id);
      if (first && stage === from) return undefined;
      return stage
        ? t('pipeline.drag.over', { name, stage: stageName(stage) })
        : t('pipeline.drag.notOver', { name });
    },
    onDragEnd: ({ active, over }) => {
      const { name, stage } = describe(active.id);
      const target = stageOfDropId(over?.id);
      return target && target !== stage
        ? t('pipeline.drag.dropped', { name, stage: stageName(target) })
        : t('pipeline.drag.stayed', { name, stage: stageName(stage) });
    },
    onDragCancel: ({ active }) => {
      const { name, stage } = describe(active.id);
      return t('pipeline.drag.cancelled', { name, stage: stageName(stage) });
    },
  };
}
