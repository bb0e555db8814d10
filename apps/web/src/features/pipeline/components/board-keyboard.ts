import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * The keyboard moves a card a whole column at a time: the left and right arrows put it over the
 * middle of the next column that way (the board's columns are its only drop targets).
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects } = context;
  if (direction === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const middle = collisionRect.left + collisionRect.width / 2;
  const columns = [...droppableRects.values()]
    .map((rect) => rect.left + rect.width / 2)
    .sort((a, b) => a - b);
  const next =
    direction > 0
      ? columns.find((x) => x > middle + 1)
      : [...columns].reverse().find((x) => x < middle - 1);
  if (next === undefined) return undefined;
  return { x: currentCoordinates.x + (next - middle), y: currentCoordinates.y };
};
