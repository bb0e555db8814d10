import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import '../../lib/route-config.js';

/*
 * Default deny for a scope (ADR 065): every route registered in it must say who may call it in
 * `config.access`, and the guard runs from that declaration. A route that says nothing stops the
 * app's start instead of being served to anyone, so a forgotten guard cannot ship.
 * Registered in the /api scope after the auth plugin (it uses authenticate and authorize).
 */
async function routeAccess(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (access === undefined)
      throw new Error(
        `${String(route.method)} ${route.url} declares no access: set config.access to 'public', 'signed-in', 'member' or the roles it allows`,
      );
    if (access === 'public') return;
    const guard: onRequestHookHandler =
      access === 'signed-in' ? app.authenticate : app.authorize(access);
    // A new array: Fastify copies a GET's options for its HEAD route before this hook runs, and
    // runs this hook for that route too.
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard, ...own];
  });
}

export default fp(routeAccess, { name: 'route-access', dependencies: ['auth'] });
