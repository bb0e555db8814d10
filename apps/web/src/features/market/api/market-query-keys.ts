import type { StatsGroup } from '@bec/contracts';

/**
 * The Data section's query keys. They sit under the property queries' common prefix (owned by
 * features/properties), so adding or editing a property refreshes the figures too.
 */
const PROPERTIES_KEY = ['properties'] as const;

export const marketKeys = {
  all: [...PROPERTIES_KEY, 'market'] as const,
  stats: (filterQuery: string, group: StatsGroup) =>
    [...marketKeys.all, 'stats', { filterQuery, group }] as const,
  comparables: (id: number) => [...marketKeys.all, 'comparables', id] as const,
};
