import '@/features/map/messages';
import { Stack, Title } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { pinIcon } from '@/features/map/components/map-markers';
import { type MapTiles, useLeafletMap } from '@/features/map/components/use-leaflet-map';
import { useT } from '@/i18n/use-t';
import classes from './map.module.css';

/** Close enough to see the block and the streets around it. */
const POSITION_ZOOM = 15;

export type PositionMapProps = {
  lat: number;
  lng: number;
  /** The property's name, for the map's accessible name. */
  name: string;
  tiles: MapTiles;
};

/**
 * A property page's "Location": its pin on a small map, which can be dragged and zoomed (buttons,
 * keyboard, double click) but leaves the page's scrolling alone. Leaflet loads with it.
 */
export function PositionMap({ lat, lng, name, tiles }: PositionMapProps) {
  const t = useT();
  const titleId = useId();
  const container = useRef<HTMLElement>(null);
  // Below the fold on a phone: Leaflet loads and draws once the frame comes into view, not
  // during the page's first render (where it was a long task of its own). Without
  // IntersectionObserver, at once.
  const { ref: frame, inViewport } = useInViewport();
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (inViewport) setSeen(true);
  }, [inViewport]);
  const { L, map } = useLeafletMap(container, tiles, {
    start: (made) => made.setView([lat, lng], POSITION_ZOOM),
    options: { scrollWheelZoom: false, boxZoom: false },
    enabled: seen,
  });

  useEffect(() => {
    if (L === null || map === null) return;
    map.setView([lat, lng], map.getZoom());
    const marker = L.marker([lat, lng], {
      icon: pinIcon(L, true),
      interactive: false,
      keyboard: false,
    }).addTo(map);
    marker.getElement()?.setAttribute('aria-hidden', 'true');
    return () => {
      marker.remove();
    };
  }, [L, map, lat, lng]);

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {t('map.position.title')}
      </Title>
      <div ref={frame} className={`${classes.frame} ${classes.small}`}>
        <section
          ref={container}
          className={classes.map}
          aria-label={t('map.position.label', { name })}
        />
      </div>
    </Stack>
  );
}
