import type { MapView } from './map-view';

/** Every map query key comes from here. */
export const mapKeys = {
  all: ['map'] as const,
  clusters: (filterQuery: string, view: MapView | null) =>
    [...mapKeys.all, 'clusters', filterQuery, view] as const,
};
