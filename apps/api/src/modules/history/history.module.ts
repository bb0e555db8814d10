import type { ApiModule } from '../module-context.js';
import { historyRoutes } from './history.routes.js';
import { createHistoryService } from './history.service.js';

export const historyModule: ApiModule = async (app, { db }) => {
  await app.register(historyRoutes, { history: createHistoryService(db) });
};
