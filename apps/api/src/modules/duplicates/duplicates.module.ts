import type { ApiModule } from '../module-context.js';
import { duplicatesRoutes } from './duplicates.routes.js';
import { createDuplicatesService } from './duplicates.service.js';

export const duplicatesModule: ApiModule = async (app, { db, photos }) => {
  await app.register(duplicatesRoutes, { duplicates: createDuplicatesService(db, { photos }) });
};
