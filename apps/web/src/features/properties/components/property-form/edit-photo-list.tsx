import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { Text } from '@mantine/core';
import { useRef } from 'react';
import { PhotoGrid } from '@/features/properties/components/photo-picker/photo-grid';
import {
  photoDragAnnouncements,
  photoDragInstructions,
} from '@/features/properties/components/property-form/edit-photo-drag-messages';
import type { EditPhotoItem } from '@/features/properties/components/property-form/edit-photo-order';
import { SortablePhotoTile } from '@/features/properties/components/property-form/sortable-photo-tile';
import { useT } from '@/i18n/use-t';

export type EditPhotoListProps = {
  items: EditPhotoItem[];
  onMove: (key: string, to: number) => void;
  onRemove: (item: EditPhotoItem) => void;
  /** While the form is being sent nothing can be moved or removed. */
  disabled: boolean;
};

/**
 * The edit form's photos in order, saved ones and files picked now alike: the first is the
 * cover. A tile is dragged to its new place by its grip, with a pointer or with the keyboard
 * (space to pick it up, arrow keys, space to drop; the steps are read out), and it also has
 * buttons to move it left or right, make it the cover, or remove it (a saved photo left out is
 * deleted when the form is saved). The buttons stay for touch and for anyone who prefers them; a
 * pointer drag starts only after a few pixels of movement, so a click on the grip does nothing.
 */
export function EditPhotoList({ items, onMove, onRemove, disabled }: EditPhotoListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const justPickedUp = useRef(false);
  const t = useT();
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('properties.editForm.noPhotos')}
      </Text>
    );
  }
  const keys = items.map((item) => item.key);
  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.id) return;
    const to = keys.indexOf(String(over.id));
    if (to !== -1) onMove(String(active.id), to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={drop}
      accessibility={{
        announcements: photoDragAnnouncements(keys, justPickedUp),
        screenReaderInstructions: photoDragInstructions(),
      }}
    >
      <SortableContext items={keys} strategy={rectSortingStrategy} disabled={disabled}>
        <PhotoGrid label={t('properties.editForm.photosInOrder')}>
          {items.map((item, index) => (
            <SortablePhotoTile
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              onMove={onMove}
              onRemove={onRemove}
              disabled={disabled}
            />
          ))}
        </PhotoGrid>
      </SortableContext>
    </DndContext>
  );
}
