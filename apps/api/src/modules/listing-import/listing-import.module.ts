import type { ApiModule } from '../module-context.js';
import { listingImportRoutes } from './listing-import.routes.js';
import { createListingImportService } from './listing-import.service.js';

export const listingImportModule: ApiModule = async (app, context) => {
  const { config, reference, photos, listingReader, resolveHost } = context;
  await app.register(listingImportRoutes, {
    listingImport: createListingImportService({
      reference,
      photos,
      reader: listingReader,
      photoMaxBytes: config.photos.maxBytes,
      allowHosts: config.listingImport.allowHosts,
      resolve: resolveHost,
    }),
  });
};
