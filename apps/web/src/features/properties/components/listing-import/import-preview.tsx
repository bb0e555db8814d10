import type { ImportedListing } from '@bec/contracts';
import { Anchor, Checkbox, Fieldset, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { ImportPhotoThumbnail } from '@/features/properties/components/listing-import/import-photo-thumbnail';
import {
  ImportRowInput,
  rowLabel,
} from '@/features/properties/components/listing-import/import-row-input';
import {
  formHasValue,
  type ImportDraft,
  type ImportRow,
  rowSource,
} from '@/features/properties/components/listing-import/imported-values';
import { useListingThumbnails } from '@/features/properties/components/listing-import/use-listing-thumbnails';
import { photoNameOf } from '@/features/properties/components/photo-picker/use-photo-uploads';
import type { PropertyFormValues } from '@/features/properties/components/property-form/property-form-values';
import { useT } from '@/i18n/use-t';

export type ImportPreviewProps = {
  listing: ImportedListing;
  /** The rows the reading proposed: editing a value never hides its row. */
  rows: readonly ImportRow[];
  draft: ImportDraft;
  kept: ReadonlySet<ImportRow>;
  photos: ReadonlySet<string>;
  current: PropertyFormValues;
  /** While the chosen photos are fetched nothing changes. */
  disabled: boolean;
  onDraftChange: (change: ImportDraft) => void;
  onKeptChange: (kept: ReadonlySet<ImportRow>) => void;
  onPhotosChange: (photos: ReadonlySet<string>) => void;
};

const toggled = <T,>(set: ReadonlySet<T>, item: T, on: boolean): ReadonlySet<T> => {
  const next = new Set(set);
  if (on) next.add(item);
  else next.delete(item);
  return next;
};

/**
 * The proposal: per row a tick ("Usar Dormitorios"), the value in the form's own box for it and
 * the listing's words it came from; a note where the form has a value already. Then the page's
 * photos, each to tick, with its thumbnail (made by the API: the CSP draws no image of another
 * site), its name and a link to the original.
 */
export function ImportPreview({
  listing,
  rows,
  draft,
  kept,
  photos,
  current,
  disabled,
  onDraftChange,
  onKeptChange,
  onPhotosChange,
}: ImportPreviewProps) {
  const t = useT();
  const baseId = useId();
  const thumbnailOf = useListingThumbnails(listing.photos);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('properties.import.previewTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('properties.import.previewHint')}
        </Text>
      </Stack>
      {rows.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => {
            const label = t(rowLabel(row, draft));
            const words = rowSource(listing, row);
            const sourceId = `${baseId}-${row}-source`;
            const replaceId = `${baseId}-${row}-replaces`;
            const replaces = formHasValue(current, row);
            const on = kept.has(row);
            return (
              <Paper component="li" key={row} withBorder p="xs" radius="sm">
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <Checkbox
                    mt={30}
                    checked={on}
                    disabled={disabled}
                    aria-label={t('properties.import.use', { field: label })}
                    aria-describedby={
                      [words ? sourceId : null, replaces ? replaceId : null]
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                    onChange={(event) =>
                      onKeptChange(toggled(kept, row, event.currentTarget.checked))
                    }
                  />
                  <Stack gap={4} flex={1} miw={0}>
                    <ImportRowInput
                      row={row}
                      draft={draft}
                      onChange={onDraftChange}
                      disabled={disabled || !on}
                    />
                    {words && (
                      <Text id={sourceId} size="xs" c="dimmed">
                        {t('properties.import.from', { words })}
                      </Text>
                    )}
                    {replaces && (
                      <Text id={replaceId} size="xs" c="orange.9">
                        {t('properties.import.replaces')}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {listing.photos.length > 0 && (
        <Fieldset legend={t('properties.import.photos')}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('properties.import.photosHint')}
            </Text>
            {listing.photos.map((url, index) => {
              const n = index + 1;
              const name = photoNameOf(url);
              const thumbnail = thumbnailOf(url);
              const failedId = `${baseId}-photo-${n}-failed`;
              return (
                <Group key={url} justify="space-between" wrap="nowrap" gap="sm">
                  <Group wrap="nowrap" gap="sm" miw={0}>
                    <ImportPhotoThumbnail
                      thumbnail={thumbnail}
                      n={n}
                      name={name}
                      failedId={failedId}
                    />
                    <Checkbox
                      label={t('properties.import.photo', { n, name })}
                      checked={photos.has(url)}
                      disabled={disabled}
                      aria-describedby={thumbnail.state === 'failed' ? failedId : undefined}
                      onChange={(event) =>
                        onPhotosChange(toggled(photos, url, event.currentTarget.checked))
                      }
                      styles={{ label: { wordBreak: 'break-all' } }}
                    />
                  </Group>
                  <Anchor
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    aria-label={t('properties.import.openPhoto', { n: index + 1 })}
                  >
                    {t('properties.import.view')}
                  </Anchor>
                </Group>
              );
            })}
          </Stack>
        </Fieldset>
      )}
    </Stack>
  );
}
