import type { ApiModule } from '../module-context.js';
import { usersRoutes } from './users.routes.js';

/** The users service is built before the modules: the auth plugin resolves members through it. */
export const usersModule: ApiModule = async (app, { users }) => {
  await app.register(usersRoutes, { users });
};
