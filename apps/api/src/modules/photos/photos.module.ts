import type { ApiModule } from '../module-context.js';
import { photoUploadRoutes } from './photos.routes.js';

/**
 * The upload URLs under /api and the collection of uploads never attached. The photos service is
 * built before the modules (properties, visits, duplicates and the import use it), and its routes
 * outside /api (downloads, the local upload PUT) are registered at the root by app.ts.
 */
export const photosModule: ApiModule = async (app, { photos, config, jobs }) => {
  await app.register(photoUploadRoutes, { photos });
  // Uploads nobody attached, every UPLOAD_COLLECTION_SECONDS (hourly, on the hour), by every
  // process at once: row locks give each upload to one of them.
  jobs.every(
    config.photos.collectionMs,
    async (tick) => {
      const keys = await photos.collectUnattached();
      if (keys.length)
        app.log.info(
          { tick, collected: keys.length, keys },
          `Collected ${keys.length} upload${keys.length === 1 ? '' : 's'} never attached`,
        );
      else app.log.debug({ tick, collected: 0 }, 'No uploads to collect');
    },
    { onError: (err) => app.log.warn({ err }, 'collecting unattached photos failed') },
  );
  jobs.expose(
    'collectUnattachedPhotos',
    async (now?: Date) => (await photos.collectUnattached(now)).length,
  );
};
