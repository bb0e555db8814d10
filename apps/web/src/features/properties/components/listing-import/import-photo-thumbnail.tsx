import { Box, Center, Image, Skeleton, Text } from '@mantine/core';
import type { ListingThumbnail } from '@/features/properties/components/listing-import/use-listing-thumbnails';
import { useT } from '@/i18n/use-t';

export type ImportPhotoThumbnailProps = {
  thumbnail: ListingThumbnail;
  /** The photo's place in the listing, from 1. */
  n: number;
  /** The photo's file name, said where no image can be drawn. */
  name: string;
  /** The id of the refusal's words, for the photo's tick to be described by. */
  failedId: string;
};

const WIDTH = 96;
const HEIGHT = 72;

/**
 * A proposed photo as the API made it small: a placeholder while it comes, the image (alt "Foto 1
 * del aviso"), or the file name and "No se pudo mostrar" when the API refused it.
 */
export function ImportPhotoThumbnail({ thumbnail, n, name, failedId }: ImportPhotoThumbnailProps) {
  const t = useT();
  if (thumbnail.state === 'loading')
    return <Skeleton w={WIDTH} h={HEIGHT} radius="xs" style={{ flexShrink: 0 }} />;
  if (thumbnail.state === 'ready')
    return (
      <Box w={WIDTH} h={HEIGHT} style={{ flexShrink: 0 }}>
        <Image
          src={thumbnail.src}
          alt={t('properties.import.photoAlt', { n })}
          w={WIDTH}
          h={HEIGHT}
          radius="xs"
          fit="cover"
        />
      </Box>
    );
  return (
    <Center
      w={WIDTH}
      h={HEIGHT}
      bg="gray.1"
      p={4}
      style={{ flexShrink: 0, flexDirection: 'column', borderRadius: 4, textAlign: 'center' }}
    >
      <Text size="xs" c="dimmed" lineClamp={1} style={{ wordBreak: 'break-all' }} title={name}>
        {name}
      </Text>
      <Text id={failedId} size="xs" c="dimmed">
        {t('properties.import.photoUnavailable')}
      </Text>
    </Center>
  );
}
