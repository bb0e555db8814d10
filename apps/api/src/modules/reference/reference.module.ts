import type { ApiModule } from '../module-context.js';
import { referenceRoutes } from './reference.routes.js';

export const referenceModule: ApiModule = async (app, { reference }) => {
  await app.register(referenceRoutes, { reference });
};
