import type { StatsGroup } from '@bec/contracts';

/** The grid's filter that shows one statistics row's properties (set beside the current ones). */
export type GridFilterPatch = { region_id?: number; city_id?: number; property_type_id?: number };

/** The link to the grid filtered to some properties: the app builds it from the current filters. */
export type GridHref = (patch: GridFilterPatch) => string;

/** The filter of a row of statistics grouped by `group`: its region, comuna or type. */
export function gridFilterOf(group: StatsGroup, id: number): GridFilterPatch {
  switch (group) {
    case 'region':
      return { region_id: id };
    case 'comuna':
      return { city_id: id };
    case 'type':
      return { property_type_id: id };
  }
}
