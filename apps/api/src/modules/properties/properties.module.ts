import type { ApiModule } from '../module-context.js';
import { propertiesRoutes } from './properties.routes.js';
import { createPropertiesService } from './properties.service.js';

export const propertiesModule: ApiModule = async (app, { db, photos, onPropertyChange }) => {
  await app.register(propertiesRoutes, {
    properties: createPropertiesService(db, { photos, onPropertyChange }),
  });
};
