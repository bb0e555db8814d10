import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { t } from '@/i18n/i18n';

/** How a tile's place is read out: `position 1 (cover)`, `position 2`, … */
export const photoPosition = (index: number) =>
  t(index === 0 ? 'properties.drag.positionCover' : 'properties.drag.position', { n: index + 1 });

/** What a screen reader hears on the drag handle of a photo tile, in the current language. */
export const photoDragInstructions = (): ScreenReaderInstructions => ({
  draggable: t('properties.drag.instructions'),
});

/**
 * What dnd-kit announces while a photo is dragged, in the current language. `keys` are the tiles'
 * keys in their order before the drag (the list is only reordered when the photo is dropped).
 * `justPickedUp` lives as long as the list: dnd-kit reports the photo over its own place right
 * after picking it up, which would talk over "Picked up photo N.", so that first report is skipped.
 */
export function photoDragAnnouncements(
  keys: readonly string[],
  justPickedUp: { current: boolean },
): Announcements {
  const n = (id: UniqueIdentifier) => keys.indexOf(String(id)) + 1;
  const position = (id: UniqueIdentifier) => photoPosition(keys.indexOf(String(id)));
  return {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return t('properties.drag.pickedUp', { n: n(active.id) });
    },
    onDragOver: ({ active, over }) => {
      const first = justPickedUp.current;
      justPickedUp.current = false;
      if (first && over?.id === active.id) return undefined;
      return over
        ? t('properties.drag.over', { n: n(active.id), position: position(over.id) })
        : t('properties.drag.notOver', { n: n(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? t('properties.drag.moved', { n: n(active.id), position: position(over.id) })
        : t('properties.drag.dropped', { n: n(active.id), position: position(active.id) }),
    onDragCancel: ({ active }) =>
      t('properties.drag.cancelled', { n: n(active.id), position: position(active.id) }),
  };
}
