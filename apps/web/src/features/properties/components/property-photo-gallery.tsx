import type { Photo } from '@bec/contracts';
import { Badge, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { type Labels, Lightbox, type SlideImage } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import classes from '@/features/properties/components/property-photo-gallery.module.css';
import { useT } from '@/i18n/use-t';

/** The shape kept for a photo whose dimensions were not recorded (the image is cropped to it). */
const DEFAULT_ASPECT_RATIO = '4 / 3';

const viewerPlugins = [Counter];
const noNavigation = { buttonPrev: () => null, buttonNext: () => null };

type Translate = ReturnType<typeof useT>;

const photoAlt = (t: Translate, index: number, count: number, name: string) =>
  t('properties.gallery.photoAlt', { index: index + 1, count, name });

/** The viewer's own texts (its buttons, and what a screen reader hears), in the current language. */
const viewerLabels = (t: Translate, name: string): Labels => ({
  Lightbox: t('properties.gallery.viewer', { name }),
  Previous: t('properties.gallery.previous'),
  Next: t('properties.gallery.next'),
  Close: t('properties.gallery.close'),
  Slide: t('properties.gallery.slide'),
  Carousel: t('properties.gallery.carousel'),
  'Photo gallery': t('properties.gallery.carouselLabel'),
  // The viewer fills in {index} and {total} itself.
  '{index} of {total}': t('properties.gallery.slideOf', {
    index: '{index}',
    total: '{total}',
  }),
});

export type PropertyPhotoGalleryProps = { photos: Photo[]; name: string };

/** The property's photos as a grid of thumbnails, the first marked as the cover. A thumbnail opens
 * the full-screen viewer on its photo (gallery size, in order): arrows, ← and →, or a swipe move
 * between photos; Escape, the close button or a click beside the photo close it, and focus goes
 * back to the thumbnail. */
export function PropertyPhotoGallery({ photos, name }: PropertyPhotoGalleryProps) {
  const t = useT();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);

  // Kept stable while open: the viewer goes back to `index` whenever it gets new slides. No width
  // or height: those recorded are the original's, and the viewer would enlarge the gallery-size
  // file up to them; without, it shows the file at most at its own size.
  const slides = useMemo(
    () =>
      photos.map(
        (photo, index): SlideImage => ({
          src: photo.url,
          alt: photoAlt(t, index, photos.length, name),
        }),
      ),
    [photos, name, t],
  );

  const close = () => {
    const opener = openIndex;
    setOpenIndex(null);
    // The viewer gives focus back to what had it before it opened; a click does not focus a
    // button in every browser (Safari), so the thumbnail is focused here too.
    if (opener !== null) thumbnails.current[opener]?.focus();
  };

  if (photos.length === 0) {
    return <Text c="dimmed">{t('properties.gallery.empty')}</Text>;
  }

  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {photos.map((photo, index) => {
          const known = photo.width !== null && photo.height !== null;
          return (
            <UnstyledButton
              key={photo.id}
              ref={(node) => {
                thumbnails.current[index] = node;
              }}
              className={classes.thumbnail}
              style={{
                aspectRatio: known ? `${photo.width} / ${photo.height}` : DEFAULT_ASPECT_RATIO,
              }}
              onClick={() => setOpenIndex(index)}
            >
              <img
                src={photo.thumbnail_url}
                alt={photoAlt(t, index, photos.length, name)}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                loading="lazy"
                decoding="async"
                className={classes.image}
              />
              {index === 0 && (
                <Badge size="sm" variant="filled" color="dark" tt="none" className={classes.cover}>
                  {t('properties.cover')}
                </Badge>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Lightbox
        open={openIndex !== null}
        index={openIndex ?? 0}
        close={close}
        slides={slides}
        plugins={viewerPlugins}
        labels={viewerLabels(t, name)}
        controller={{ closeOnBackdropClick: true }}
        // One photo: nothing to move to, so no arrows and no wrapping around.
        carousel={{ finite: photos.length === 1 }}
        render={photos.length === 1 ? noNavigation : undefined}
      />
    </>
  );
}
