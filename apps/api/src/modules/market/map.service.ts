import {
  MAP_MAX_POINTS,
  MAP_POINTS_ZOOM,
  type MapClusters,
  type MapClustersQuery,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { type PesoFilters, pesoFilters } from '../../db/property-query.js';
import { viewCells } from '../../lib/map-projection.js';
import * as repo from './map.repository.js';
import { round } from './rounding.js';

/** The matching properties in a map view: clusters, single points and the located/unlocated counts. */
export function createMapService(db: Database) {
  /** Matching properties with and without coordinates. */
  async function totals(filters: PesoFilters, cells: repo.CellFilters | null) {
    const counted = cells
      ? await repo.totalsFromCells(db, cells)
      : await repo.totalsFromRows(db, filters);
    // The cells count both kinds whatever `located` says; the rows already applied it.
    if (filters.located === true) return { ...counted, without: 0 };
    if (filters.located === false) return { ...counted, located: 0 };
    return counted;
  }

  async function map(query: MapClustersQuery): Promise<MapClusters> {
    const { west, south, east, north, zoom, ...given } = query;
    const answer: MapClusters = {
      zoom,
      clusters: [],
      points: [],
      in_view: 0,
      truncated: false,
      located: 0,
      without_location: 0,
    };
    const filters = await pesoFilters(db, given);
    const cellFilters = repo.asCellFilters(filters);
    const counted = await totals(filters, cellFilters);
    answer.located = counted.located;
    answer.without_location = counted.without;
    if (filters.located === false || counted.located === 0) return answer;

    const { box, level, shift, cells, cellBox } = viewCells({ west, south, east, north }, zoom);
    if (zoom >= MAP_POINTS_ZOOM) {
      const rows = await repo.pointsInBox(db, box, filters, MAP_MAX_POINTS);
      answer.truncated = rows.length > MAP_MAX_POINTS;
      answer.points = rows.slice(0, MAP_MAX_POINTS).map(point);
      answer.in_view = answer.points.length;
      return answer;
    }

    // Whole cells of the zoom's level that meet the view: a cluster is counted whole.
    let rows: repo.CellRow[];
    let singles: repo.PointRow[];
    if (cellFilters && level <= repo.MAP_CELL_LEVELS.max) {
      rows = await repo.clustersFromCells(db, level, cells, cellFilters);
      singles = await repo.pointsOfCells(
        db,
        shift,
        rows.filter((r) => r.n === 1),
        filters,
      );
    } else {
      const grouped = await repo.clustersFromRows(db, shift, cellBox, filters);
      rows = grouped;
      singles = await repo.pointsById(
        db,
        grouped.filter((r) => r.n === 1).map((r) => r.any_id),
      );
    }
    answer.clusters = rows
      .filter((r) => r.n > 1)
      .map((r) => ({ lat: round(Number(r.lat), 6), lng: round(Number(r.lng), 6), count: r.n }));
    answer.points = singles.map(point);
    answer.in_view = rows.reduce((sum, r) => sum + r.n, 0);
    return answer;
  }

  return map;
}

const point = (row: repo.PointRow) => ({
  id: row.id,
  name: row.name,
  lat: round(Number(row.lat), 6),
  lng: round(Number(row.lng), 6),
});
