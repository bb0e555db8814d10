import type { Database } from '../../db/client.js';
import { createComparablesService } from './comparables.service.js';
import { createMapService } from './map.service.js';
import { createStatisticsService, type StatisticsOptions } from './statistics.service.js';

/** The Data section's three jobs, each with its own service and repository. */
export function createMarketService(db: Database, statistics: StatisticsOptions = {}) {
  return {
    map: createMapService(db),
    stats: createStatisticsService(db, statistics),
    comparables: createComparablesService(db),
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
