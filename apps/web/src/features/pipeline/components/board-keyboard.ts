import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Where the last key press sent the card, until the board has drawn it there: dnd-kit passes
 * the card's box as of the last render, so a second press before that render would otherwise
 * start from the old column again. Tied to the drag (its activating event).
 */
let pending: { drag: Event | null; left: number; middle: number } | null = null;

/**
 * The keyboard moves a card a whole column at a time: the left and right arrows put it over the
 * middle of the next column that way (the board's columns are its only drop targets).
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, activatorEvent } = context;
  if (direction === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const drawn = collisionRect.left + collisionRect.width / 2;
  const stale =
    pending !== null && pending.drag === activatorEvent && pending.left === collisionRect.left;
  const middle = stale && pending ? pending.middle : drawn;
  const columns = [...droppableRects.values()]
    .map((rect) => rect.left + rect.width / 2)
    .sort((a, b) => a - b);
  const next =
    direction > 0
      ? columns.find((x) => x > middle + 1)
      : [...columns].reverse().find((x) => x < middle - 1);
  if (next === undefined) return undefined;
  pending = { drag: activatorEvent, left: collisionRect.left, middle: next };
  return { x: currentCoordinates.x + (next - drawn), y: currentCoordinates.y };
};
