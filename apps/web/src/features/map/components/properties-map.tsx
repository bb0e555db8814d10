import { LoadFailed } from '@/components/screen-states/load-failed';
import '@/features/map/messages';
import { MAP_MAX_POINTS, MAP_POINTS_ZOOM, type MapClusters, type MapPoint } from '@bec/contracts';
import { Alert, Anchor, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { LatLng, LatLngBoundsLiteral, Map as LeafletMap, Popup } from 'leaflet';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useMapClusters } from '@/features/map/api/get-map-clusters';
import type { Leaflet } from '@/features/map/api/load-leaflet';
import { type MapView, mapViewOf } from '@/features/map/api/map-view';
import { asButton, clusterIcon, pinIcon } from '@/features/map/components/map-markers';
import { mergeOverlapping } from '@/features/map/components/merge-markers';
import { type MapTiles, useLeafletMap } from '@/features/map/components/use-leaflet-map';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/error-text';
import { formatInteger } from '@/lib/format';
import classes from './map.module.css';

/** Continental Chile, from Tacna's border to Cape Horn; Rapa Nui and Juan Fernández lie beyond. */
const CHILE_BOUNDS: LatLngBoundsLiteral = [
  [-56, -76],
  [-17.5, -66.4],
];

/** How long the map rests after a move before the new view is asked for. */
const VIEW_DEBOUNCE_MS = 250;

/** A cluster's click zooms in by this much, up to where single properties show. */
const CLUSTER_ZOOM_STEP = 2;

export type PropertiesMapProps = {
  /** The grid's filters as URL parameters (`region_id=13&visited=true`), as the page holds them. */
  filterQuery: string;
  tiles: MapTiles;
  /** The grid listing the matching properties that have no coordinates. */
  unlocatedHref: string;
  /** The card a pin opens for property `id` (the app passes the properties feature's). */
  renderPointCard: (id: number) => ReactNode;
};

/** Where the map looks, once it has a size (a hidden map has none, and asks for nothing). */
function viewOf(map: LeafletMap): MapView | null {
  const size = map.getSize();
  if (size.x === 0 || size.y === 0) return null;
  const bounds = map.getBounds();
  return mapViewOf(
    {
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
    },
    map.getZoom(),
  );
}

type OpenCard = { id: number; node: HTMLElement; popup: Popup };

/**
 * The properties that match the filters on a map of Chile: groups of properties as circles with
 * their count (a click zooms in on them), single properties as pins (a click opens their card).
 * The server clusters for the view's box and zoom, asked again when the map rests after a move;
 * the previous markers stay meanwhile, and the request of a view left behind is aborted. Above
 * the map: how many match on the map, in this view, and without a location (a link to the grid
 * listing those).
 */
export function PropertiesMap({
  filterQuery,
  tiles,
  unlocatedHref,
  renderPointCard,
}: PropertiesMapProps) {
  const t = useT();
  const hintId = useId();
  const container = useRef<HTMLElement>(null);
  const leaflet = useLeafletMap(container, tiles, {
    start: (made) => made.fitBounds(CHILE_BOUNDS),
    options: {
      minZoom: 2,
      maxBounds: [
        [-90, -180],
        [90, 180],
      ],
      maxBoundsViscosity: 1,
    },
  });
  const { L, map } = leaflet;

  const [view, setView] = useState<MapView | null>(null);
  useEffect(() => {
    if (map === null) return;
    setView(viewOf(map));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rested = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setView(viewOf(map)), VIEW_DEBOUNCE_MS);
    };
    map.on('moveend zoomend', rested);
    return () => {
      clearTimeout(timer);
      map.off('moveend zoomend', rested);
    };
  }, [map]);

  const clusters = useMapClusters(filterQuery, view);
  const { data } = clusters;
  const error = leaflet.error ?? clusters.error;

  const [card, setCard] = useState<OpenCard | null>(null);
  useMarkers(L, map, data, t, setCard);

  // The card's content arrives after the popup opened (and its data later still): the popup
  // follows its size.
  useEffect(() => {
    if (card === null) return;
    card.popup.update();
    const observer = new ResizeObserver(() => card.popup.update());
    observer.observe(card.node);
    return () => observer.disconnect();
  }, [card]);

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" mih={28}>
        <Group gap="md" role="status">
          {data && (
            <>
              <Text size="sm" fw={700}>
                {t('map.located', { total: formatInteger(data.located) })}
              </Text>
              <Text size="sm">{t('map.inView', { total: formatInteger(data.in_view) })}</Text>
              {data.without_location > 0 && (
                <Anchor component={Link} to={unlocatedHref} size="sm">
                  {t('map.withoutLocation', { total: formatInteger(data.without_location) })}
                </Anchor>
              )}
            </>
          )}
        </Group>
        {clusters.isFetching && data && (
          <Group gap={6}>
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              {t('map.updating')}
            </Text>
          </Group>
        )}
      </Group>
      {data?.truncated && (
        <Alert color="yellow" p="xs">
          <Text size="sm">{t('map.truncated', { max: formatInteger(MAP_MAX_POINTS) })}</Text>
        </Alert>
      )}
      {error && (
        <LoadFailed
          title={t('map.failed')}
          message={t('common.error', { message: errorText(error) })}
          onRetry={() => (leaflet.error ? leaflet.retry() : void clusters.refetch())}
        />
      )}
      <div className={classes.frame}>
        <section
          ref={container}
          className={classes.map}
          aria-label={t('map.label')}
          aria-describedby={hintId}
        />
        {!data && !error && (
          <Center className={classes.overlay}>
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{t('map.loading')}</Text>
            </Group>
          </Center>
        )}
      </div>
      <Text id={hintId} size="xs" c="dimmed">
        {t('map.hint')}
      </Text>
      {card && createPortal(renderPointCard(card.id), card.node)}
    </Stack>
  );
}

/**
 * Draws the answer's clusters and pins, replacing the previous answer's, and again at each new
 * zoom (the previous answer stays until the new view's arrives). Below the zoom of single
 * properties, markers that would cover each other are merged first (ADR 027), so every marker
 * can be seen and clicked, and their counts still add up to the view's.
 */
function useMarkers(
  L: Leaflet | null,
  map: LeafletMap | null,
  data: MapClusters | undefined,
  t: ReturnType<typeof useT>,
  setCard: (update: (card: OpenCard | null) => OpenCard | null) => void,
) {
  useEffect(() => {
    if (L === null || map === null || data === undefined) return;
    const layer = L.layerGroup().addTo(map);

    const open = (point: MapPoint) => {
      const node = document.createElement('div');
      const popup = L.popup({ minWidth: 240, maxWidth: 280, className: classes.popup })
        .setLatLng([point.lat, point.lng])
        .setContent(node)
        .openOn(map);
      popup
        .getElement()
        ?.querySelector('.leaflet-popup-close-button')
        ?.setAttribute('aria-label', t('map.closeCard'));
      popup.on('remove', () => setCard((open) => (open?.popup === popup ? null : open)));
      setCard(() => ({ id: point.id, node, popup }));
    };

    const addCluster = (at: LatLng, count: number) => {
      const total = formatInteger(count);
      const marker = L.marker(at, {
        icon: clusterIcon(L, count, total),
        keyboard: true,
        riseOnHover: true,
      }).addTo(layer);
      const zoomIn = () =>
        map.setView(at, Math.min(map.getZoom() + CLUSTER_ZOOM_STEP, MAP_POINTS_ZOOM));
      marker.on('click', zoomIn);
      asButton(L, marker, t('map.cluster', { count, total }), zoomIn);
    };

    const addPin = (point: MapPoint) => {
      const marker = L.marker([point.lat, point.lng], {
        icon: pinIcon(L),
        keyboard: true,
        riseOnHover: true,
      }).addTo(layer);
      marker.on('click', () => open(point));
      asButton(L, marker, point.name, () => open(point));
    };

    const draw = () => {
      layer.clearLayers();
      const zoom = map.getZoom();
      const placed = (lat: number, lng: number, count: number, point: MapPoint | null) => {
        const { x, y } = map.project([lat, lng], zoom);
        return { x, y, count, point };
      };
      const markers = [
        ...data.clusters.map(({ lat, lng, count }) => placed(lat, lng, count, null)),
        ...data.points.map((point) => placed(point.lat, point.lng, 1, point)),
      ];
      for (const marker of zoom < MAP_POINTS_ZOOM ? mergeOverlapping(markers) : markers) {
        if (marker.point) addPin(marker.point);
        else addCluster(map.unproject([marker.x, marker.y], zoom), marker.count);
      }
    };
    draw();
    map.on('zoomend', draw);

    return () => {
      map.off('zoomend', draw);
      layer.remove();
    };
  }, [L, map, data, t, setCard]);
}
