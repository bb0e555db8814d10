import type { ApiModule } from '../module-context.js';
import { waitlistRoutes } from './waitlist.routes.js';
import { createWaitlistService } from './waitlist.service.js';

export const waitlistModule: ApiModule = async (app, { db }) => {
  await app.register(waitlistRoutes, { waitlist: createWaitlistService(db) });
};
