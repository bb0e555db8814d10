import type { ApiModule } from '../module-context.js';
import { visitsRoutes } from './visits.routes.js';
import { createVisitsService } from './visits.service.js';

/** How often past visits move their property on to visited. */
const VISIT_SWEEP_MS = 5 * 60_000;

export const visitsModule: ApiModule = async (app, { db, photos, onPropertyChange, jobs }) => {
  const visits = createVisitsService(db, { photos, onPropertyChange });
  await app.register(visitsRoutes, { visits });
  // Visits whose time has come move their property to visited (one conditional statement
  // with SKIP LOCKED: each move happens once across processes).
  jobs.every(VISIT_SWEEP_MS, () => visits.sweep(), {
    onError: (err) => app.log.warn({ err }, 'sweeping past visits failed'),
  });
  jobs.expose('sweepVisits', (now?: Date) => visits.sweep(now));
};
