import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  AspectRatio,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { OutlineIcon } from '@/components/outline-icon';
import type { EditPhotoItem } from '@/features/properties/components/property-form/edit-photo-order';
import { useT } from '@/i18n/use-t';

export type SortablePhotoTileProps = {
  item: EditPhotoItem;
  index: number;
  /** How many tiles there are (the last cannot move right). */
  count: number;
  onMove: (key: string, to: number) => void;
  onRemove: (item: EditPhotoItem) => void;
  disabled: boolean;
};

/**
 * One photo of the edit form's list: dragged by its grip (pointer, or space and the arrow keys),
 * or moved with its buttons. Only the grip starts a drag, so the buttons stay plain clicks.
 */
export function SortablePhotoTile({
  item,
  index,
  count,
  onMove,
  onRemove,
  disabled,
}: SortablePhotoTileProps) {
  const t = useT();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: item.key,
    disabled,
    attributes: { roleDescription: t('properties.tile.roleDescription') },
  });
  const label = t(index === 0 ? 'properties.tile.labelCover' : 'properties.tile.label', {
    n: index + 1,
  });
  const src = item.kind === 'saved' ? item.thumbnailUrl : item.photo.previewUrl;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      p={6}
      component="li"
      aria-label={label}
      data-photo-key={item.key}
      shadow={isDragging ? 'md' : undefined}
      style={{
        // Translate, not Transform: a tile taller than its neighbour is not stretched.
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Stack gap={6}>
        <Box pos="relative">
          <AspectRatio ratio={4 / 3}>
            <Image src={src ?? undefined} alt="" radius="xs" fit="cover" />
          </AspectRatio>
          {index === 0 && (
            <Badge pos="absolute" top={6} left={6} size="xs" variant="filled" tt="none">
              {t('properties.cover')}
            </Badge>
          )}
          <ActionIcon
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('properties.tile.drag', { n: index + 1 })}
            disabled={disabled}
            variant="default"
            size="sm"
            pos="absolute"
            top={6}
            right={6}
            // The pointer sensor needs the browser to leave touch moves alone on the grip.
            style={{ touchAction: 'none', cursor: disabled ? undefined : 'grab' }}
          >
            <OutlineIcon size={16}>
              <circle cx="9" cy="5" r="1" />
              <circle cx="9" cy="12" r="1" />
              <circle cx="9" cy="19" r="1" />
              <circle cx="15" cy="5" r="1" />
              <circle cx="15" cy="12" r="1" />
              <circle cx="15" cy="19" r="1" />
            </OutlineIcon>
          </ActionIcon>
        </Box>
        <Text size="xs" truncate="end">
          {item.kind === 'saved'
            ? t('properties.tile.saved')
            : t('properties.tile.new', { name: item.photo.name })}
        </Text>
        {item.kind === 'new' && item.photo.status === 'uploading' && (
          <Text size="xs" c="dimmed">
            {t('properties.tile.uploading', { progress: item.photo.progress })}
          </Text>
        )}
        {item.kind === 'new' && item.photo.status === 'failed' && item.photo.error && (
          <Text size="xs" c="red.8" role="alert">
            {item.photo.error}
          </Text>
        )}
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="default"
            disabled={disabled || index === 0}
            onClick={() => onMove(item.key, index - 1)}
          >
            {t('properties.tile.moveLeft')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(item.key, index + 1)}
          >
            {t('properties.tile.moveRight')}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            disabled={disabled || index === 0}
            onClick={() => onMove(item.key, 0)}
          >
            {t('properties.tile.makeCover')}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={disabled}
            onClick={() => onRemove(item)}
          >
            {t('properties.tile.remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
