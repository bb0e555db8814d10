import type { ApiModule } from '../module-context.js';
import { savedSearchesRoutes } from './saved-searches.routes.js';
import { createSavedSearchesService } from './saved-searches.service.js';

export const savedSearchesModule: ApiModule = async (app, { db, matchWorker, jobs }) => {
  await app.register(savedSearchesRoutes, { savedSearches: createSavedSearchesService(db) });
  // Property changes into saved searches' alerts: nudged after each write, polling for other
  // processes' writes (rows left by a stopped process are taken at the first poll).
  jobs.worker(matchWorker);
  jobs.expose('matchSavedSearches', () => matchWorker.drain());
};
