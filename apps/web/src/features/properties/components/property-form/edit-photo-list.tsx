import {
  AspectRatio,
  Badge,
  Box,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { EditPhotoItem } from '@/features/properties/components/property-form/edit-photo-order';

export type EditPhotoListProps = {
  items: EditPhotoItem[];
  onMove: (key: string, to: number) => void;
  onRemove: (item: EditPhotoItem) => void;
  /** While the form is being sent nothing can be moved or removed. */
  disabled: boolean;
};

/**
 * The edit form's photos in order, saved ones and files picked now alike: the first is the
 * cover. Each tile moves left or right, becomes the cover, or is removed (a saved photo left out
 * is deleted when the form is saved). Buttons rather than drag and drop, for keyboards too.
 */
export function EditPhotoList({ items, onMove, onRemove, disabled }: EditPhotoListProps) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No photos.
      </Text>
    );
  }
  return (
    <SimpleGrid
      component="ul"
      aria-label="Photos in order"
      cols={{ base: 2, xs: 3, sm: 4 }}
      spacing="sm"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item, index) => {
        const label = `Photo ${index + 1}${index === 0 ? ' (cover)' : ''}`;
        const src = item.kind === 'saved' ? item.thumbnailUrl : item.photo.previewUrl;
        const status = item.kind === 'new' ? item.photo.status : null;
        return (
          <Paper
            key={item.key}
            withBorder
            radius="sm"
            p={6}
            component="li"
            aria-label={label}
            data-photo-key={item.key}
          >
            <Stack gap={6}>
              <Box pos="relative">
                <AspectRatio ratio={4 / 3}>
                  <Image src={src} alt="" radius="xs" fit="cover" />
                </AspectRatio>
                {index === 0 && (
                  <Badge pos="absolute" top={6} left={6} size="xs" variant="filled" tt="none">
                    Cover
                  </Badge>
                )}
              </Box>
              <Text size="xs" truncate="end">
                {item.kind === 'saved' ? 'Saved photo' : `New: ${item.photo.file.name}`}
              </Text>
              {status === 'uploading' && (
                <Text size="xs" c="dimmed">
                  Uploading {item.kind === 'new' ? item.photo.progress : 0}%
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
                  Move left
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={disabled || index === items.length - 1}
                  onClick={() => onMove(item.key, index + 1)}
                >
                  Move right
                </Button>
                <Button
                  size="compact-xs"
                  variant="light"
                  disabled={disabled || index === 0}
                  onClick={() => onMove(item.key, 0)}
                >
                  Make cover
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={disabled}
                  onClick={() => onRemove(item)}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
