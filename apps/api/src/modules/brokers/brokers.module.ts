import type { ApiModule } from '../module-context.js';
import { brokersRoutes } from './brokers.routes.js';
import { createBrokersService } from './brokers.service.js';

export const brokersModule: ApiModule = async (app, { db }) => {
  await app.register(brokersRoutes, { brokers: createBrokersService(db) });
};
