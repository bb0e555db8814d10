import type { ApiModule } from '../module-context.js';
import { marketRoutes } from './market.routes.js';
import { createMarketService } from './market.service.js';

export const marketModule: ApiModule = async (app, { db, metrics }) => {
  await app.register(marketRoutes, {
    market: createMarketService(db, {
      computed: () => metrics.statsComputations.inc(),
      log: app.log,
    }),
  });
};
