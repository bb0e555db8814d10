import {
  AspectRatio,
  Badge,
  Box,
  Center,
  CloseButton,
  Group,
  Image,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import {
  formatFileSize,
  type SelectedPhoto,
} from '@/features/properties/components/photo-picker/photo-files';
import { useT } from '@/i18n/use-t';

export type PhotoThumbnailProps = {
  photo: SelectedPhoto;
  /** Its place in the list; the first is the cover. */
  index: number;
  onRemove: (id: string) => void;
  /** While the form is being sent nothing can be removed. */
  disabled: boolean;
};

/** The file's extension in capitals, for a preview the browser cannot draw (HEIC on most). */
const extensionOf = (name: string) => name.split('.').pop()?.toUpperCase() ?? '';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/**
 * One picked file: its preview, name and size, a remove button, and while it uploads a progress
 * bar with the percent sent; then "Uploaded", or what went wrong.
 */
export function PhotoThumbnail({ photo, index, onRemove, disabled }: PhotoThumbnailProps) {
  const t = useT();
  const [unreadable, setUnreadable] = useState(false);
  const { name, file, status, progress, error, importedFrom } = photo;
  // An imported photo is shown by name and site: the CSP draws no image from another site.
  const detail = file ? formatFileSize(file.size) : importedFrom ? hostOf(importedFrom) : '';

  return (
    <Paper withBorder radius="sm" p={6} component="li" aria-label={name}>
      <Stack gap={6}>
        <Box pos="relative">
          <AspectRatio ratio={4 / 3}>
            {unreadable || photo.previewUrl === null ? (
              <Center bg="gray.1" c="dimmed" fz="sm" aria-hidden>
                {extensionOf(name)}
              </Center>
            ) : (
              <Image
                src={photo.previewUrl}
                alt=""
                radius="xs"
                fit="cover"
                onError={() => setUnreadable(true)}
              />
            )}
          </AspectRatio>
          {index === 0 && (
            <Badge pos="absolute" top={6} left={6} size="xs" variant="filled" tt="none">
              {t('properties.cover')}
            </Badge>
          )}
        </Box>
        <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text size="sm" truncate="end" title={name}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {detail}
            </Text>
          </Stack>
          <CloseButton
            size="sm"
            aria-label={t('properties.photos.remove', { name })}
            disabled={disabled}
            onClick={() => onRemove(photo.id)}
          />
        </Group>
        {status === 'uploading' && (
          <Group gap={6} wrap="nowrap">
            {/* The whole bar is the progressbar, so it shows (and is visible) from 0%. */}
            <Progress.Root
              size="sm"
              flex={1}
              transitionDuration={150}
              role="progressbar"
              aria-label={t('properties.photos.uploadingFile', { name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              aria-valuetext={`${progress}%`}
            >
              <Progress.Section value={progress} withAria={false} />
            </Progress.Root>
            <Text size="xs" c="dimmed" w={34} ta="right">
              {progress}%
            </Text>
          </Group>
        )}
        {status === 'uploaded' && (
          <Text size="xs" c="teal.8">
            {t('properties.photos.uploaded')}
          </Text>
        )}
        {status === 'failed' && error && (
          <Text size="xs" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
