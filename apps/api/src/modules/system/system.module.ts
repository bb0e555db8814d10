import type { ApiModule } from '../module-context.js';
import { configRoutes } from './system.routes.js';

/** GET /api/config; the probes live outside /api and are registered at the root by app.ts. */
export const systemModule: ApiModule = async (app, { config }) => {
  await app.register(configRoutes, { config });
};
