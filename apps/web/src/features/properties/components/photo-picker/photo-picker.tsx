import '@mantine/dropzone/styles.css';
import { Fieldset, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useId } from 'react';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MB,
  MAX_PHOTOS,
  PHOTO_ACCEPT,
  type SelectedPhoto,
  validatePhotoFile,
} from '@/features/properties/components/photo-picker/photo-files';
import { PhotoGrid } from '@/features/properties/components/photo-picker/photo-grid';
import { PhotoThumbnail } from '@/features/properties/components/photo-picker/photo-thumbnail';
import { useT } from '@/i18n/use-t';

export type PhotoPickerProps = {
  photos: SelectedPhoto[];
  /** Why files were left out of the last pick, each naming its file. */
  rejections: string[];
  onAdd: (accepted: File[], rejected: FileRejection[]) => void;
  onRemove: (id: string) => void;
  /** While the form is being sent, nothing can be added or removed. */
  disabled: boolean;
};

/**
 * The add form's "Photos" section: a dropzone (drag and drop, or click to choose) for images of
 * the types the server takes, up to 25 MB each and 20 in all; the files picked as thumbnails with
 * name, size and a remove button, and their upload progress while the form is sent.
 */
export function PhotoPicker({ photos, rejections, onAdd, onRemove, disabled }: PhotoPickerProps) {
  const t = useT();
  const hintId = useId();
  const full = photos.length >= MAX_PHOTOS;
  return (
    <Fieldset legend={t('properties.photos.legend')}>
      <Stack gap="sm">
        <Dropzone
          onDrop={() => undefined}
          onDropAny={onAdd}
          accept={PHOTO_ACCEPT}
          validator={validatePhotoFile}
          maxSize={MAX_PHOTO_BYTES}
          disabled={disabled || full}
          // One control for assistive technology: the zone is the button, its hidden input is not;
          // named all the same, or a browser that shows it calls it "file upload" in English.
          role="button"
          aria-label={t('properties.photos.add')}
          aria-describedby={hintId}
          inputProps={{ 'aria-hidden': true, 'aria-label': t('properties.photos.add') }}
          style={disabled || full ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
        >
          <Stack gap={4} align="center" justify="center" mih={96} style={{ pointerEvents: 'none' }}>
            <Dropzone.Idle>
              <Text fw={500}>
                {full
                  ? t('properties.photos.full', { max: MAX_PHOTOS })
                  : t('properties.photos.idle')}
              </Text>
            </Dropzone.Idle>
            <Dropzone.Accept>
              <Text fw={500}>{t('properties.photos.accept')}</Text>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <Text fw={500} c="red.8">
                {t('properties.photos.reject')}
              </Text>
            </Dropzone.Reject>
            <Text id={hintId} size="sm" c="dimmed" ta="center">
              {t('properties.photos.hint', { mb: MAX_PHOTO_MB, max: MAX_PHOTOS })}
            </Text>
          </Stack>
        </Dropzone>

        {rejections.length > 0 && (
          <Stack gap={2} role="alert">
            {rejections.map((message) => (
              <Text key={message} size="sm" c="red.8">
                {message}
              </Text>
            ))}
          </Stack>
        )}

        {photos.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {t('properties.photos.count', { count: photos.length, max: MAX_PHOTOS })}
            </Text>
            <PhotoGrid label={t('properties.photos.chosen')}>
              {photos.map((photo, index) => (
                <PhotoThumbnail
                  key={photo.id}
                  photo={photo}
                  index={index}
                  onRemove={onRemove}
                  disabled={disabled}
                />
              ))}
            </PhotoGrid>
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
