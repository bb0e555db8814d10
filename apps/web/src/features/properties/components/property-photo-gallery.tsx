import type { Photo } from '@bec/contracts';
import { Anchor, Image, SimpleGrid, Text } from '@mantine/core';

export type PropertyPhotoGalleryProps = { photos: Photo[]; name: string };

/** The property's photos as thumbnails, each opening the full photo in a new tab. */
export function PropertyPhotoGallery({ photos, name }: PropertyPhotoGalleryProps) {
  if (photos.length === 0) {
    return <Text c="dimmed">No images available for this property.</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
      {photos.map((photo, index) => (
        <Anchor key={photo.id} href={photo.url} target="_blank" rel="noopener noreferrer">
          <Image
            src={photo.thumbnail_url}
            alt={`${name}, photo ${index + 1} of ${photos.length}`}
            h={140}
            radius="sm"
            fit="cover"
            loading="lazy"
          />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}
