import { ClientConfigSchema, HealthSchema, ReadinessSchema } from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { clientConfig } from './client-config.js';

/** No token needed: OpenAPI's empty security requirement overrides the document's bearer. */
const PUBLIC: [] = [];

export type ProbeRoutesOptions = {
  ping: () => Promise<void>;
  /** The photo store's state, cheaply (guarded-storage.ts): the last outcome, or a short probe. */
  storageReadiness: () => Promise<'ok' | 'unavailable'>;
};

/**
 * Unauthenticated, outside /api: liveness and readiness. Probes come every few seconds, so their
 * answers are logged at debug (failures still warn), and are never rate limited: a balancer's
 * checks must not fail because a client is busy.
 */
export const probeRoutes: FastifyPluginAsyncZod<ProbeRoutesOptions> = async (
  app,
  { ping, storageReadiness },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process serves HTTP (touches nothing else)',
        security: PUBLIC,
        response: responses(200, HealthSchema),
      },
      config: { quietLog: true, noRateLimit: true },
    },
    async () => ok('Alive', { status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database answers (503 when it does not, and while the process shuts down); the photo storage is reported, and only degrades it',
        security: PUBLIC,
        response: responses(200, ReadinessSchema, [503]),
      },
      config: { quietLog: true, noRateLimit: true },
    },
    async (request) => {
      // Both at once: the storage probe waits at most a second, and usually not at all.
      const [database, storage] = await Promise.allSettled([ping(), storageReadiness()]);
      if (database.status === 'rejected') {
        request.log.warn({ err: database.reason }, 'readiness check failed');
        throw new AppError('DATABASE_UNAVAILABLE', 'Not ready: the database is not answering.');
      }
      // Every process shares the bucket: leaving rotation over it would stop the whole app for
      // the sake of its photos. The process stays ready, says so, and saves with photos answer 503.
      const storageState = storage.status === 'fulfilled' ? storage.value : 'unavailable';
      if (storageState !== 'ok') request.log.warn('readiness: the photo storage is unavailable');
      return ok(storageState === 'ok' ? 'Ready' : 'Ready, but the photo storage is unavailable', {
        status: storageState === 'ok' ? ('ok' as const) : ('degraded' as const),
        checks: { database: 'ok' as const, storage: storageState },
      });
    },
  );
};

/** Unauthenticated: what the SPA needs to start signing in. */
export const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Runtime configuration for the web app',
        security: PUBLIC,
        response: responses(200, ClientConfigSchema),
      },
      config: allow('public'),
    },
    async () => ok('Config', clientConfig(config)),
  );
};
