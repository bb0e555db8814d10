import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { allow } from '../src/lib/route-config.js';
import auth from '../src/plugins/app/auth.js';
import errorHandler from '../src/plugins/app/error-handler.js';
import routeAccess from '../src/plugins/app/route-access.js';

// The /api scope's default deny (ADR 065), on a bare Fastify with the same plugins in the same
// order as app.ts: every route of the real app declares its access, or no other test could start it.
async function scopeWith(register: (api: ReturnType<typeof Fastify>) => void) {
  const app = Fastify({ logger: false });
  await app.register(errorHandler);
  const verify = Object.assign(
    async (): Promise<never> => {
      throw new Error('no token verifies here');
    },
    { discover: async (): Promise<never> => Promise.reject(new Error('no provider')) },
  );
  await app.register(auth, { verify, resolveMember: async () => null });
  await app.register(
    async (api) => {
      await api.register(routeAccess);
      register(api);
    },
    { prefix: '/api' },
  );
  return app;
}

describe('the /api scope denies by default', () => {
  it('refuses to start with a route that declares no access', async () => {
    // buildApp awaits each registration, so the app is never built, let alone listening.
    await expect(
      scopeWith((api) => {
        api.get('/forgotten', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/GET \/api\/forgotten declares no access/);
  });

  it('guards a route by the roles it declares, and leaves a public one open', async () => {
    const app = await scopeWith((api) => {
      api.get('/members', { config: allow('member') }, async () => ({ ok: true }));
      api.get('/admins', { config: allow(['admin']) }, async () => ({ ok: true }));
      api.get('/me', { config: allow('signed-in') }, async () => ({ ok: true }));
      api.get('/open', { config: allow('public') }, async () => ({ ok: true }));
    });
    for (const url of ['/api/members', '/api/admins', '/api/me']) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
      expect((await app.inject({ method: 'HEAD', url })).statusCode, `HEAD ${url}`).toBe(401);
    }
    expect((await app.inject({ url: '/api/open' })).statusCode).toBe(200);
    await app.close();
  });
});
