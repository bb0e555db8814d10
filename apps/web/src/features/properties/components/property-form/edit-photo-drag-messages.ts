import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

/** How a tile's place is read out: `position 1 (cover)`, `position 2`, … */
export const photoPosition = (index: number) =>
  `position ${index + 1}${index === 0 ? ' (cover)' : ''}`;

/** What a screen reader hears on the drag handle of a photo tile. */
export const photoDragInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this photo, press space to pick it up, move it with the arrow keys, then press space to drop it or escape to cancel. The first photo is the cover.',
};

/**
 * What dnd-kit announces while a photo is dragged, in plain English. `keys` are the tiles' keys
 * in their order before the drag (the list is only reordered when the photo is dropped).
 * `justPickedUp` lives as long as the list: dnd-kit reports the photo over its own place right
 * after picking it up, which would talk over "Picked up photo N.", so that first report is skipped.
 */
export function photoDragAnnouncements(
  keys: readonly string[],
  justPickedUp: { current: boolean },
): Announcements {
  const photo = (id: UniqueIdentifier) => `photo ${keys.indexOf(String(id)) + 1}`;
  const Photo = (id: UniqueIdentifier) => `Photo ${keys.indexOf(String(id)) + 1}`;
  const position = (id: UniqueIdentifier) => photoPosition(keys.indexOf(String(id)));
  return {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return `Picked up ${photo(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      const first = justPickedUp.current;
      justPickedUp.current = false;
      if (first && over?.id === active.id) return undefined;
      return over
        ? `${Photo(active.id)} is over ${position(over.id)}.`
        : `${Photo(active.id)} is no longer over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${Photo(active.id)} moved to ${position(over.id)}.`
        : `${Photo(active.id)} dropped; it stays at ${position(active.id)}.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${Photo(active.id)} stays at ${position(active.id)}.`,
  };
}
