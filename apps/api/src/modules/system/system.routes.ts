import { ClientConfigSchema, HealthSchema } from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { ok, responses } from '../../lib/http.js';
import '../../lib/route-config.js';
import { clientConfig } from './client-config.js';

export type SystemRoutesOptions = { config: Config; ping: () => Promise<void> };

/**
 * Unauthenticated: liveness, readiness and what the SPA needs to start signing in. Probes come
 * every few seconds, so their answers are logged at debug (failures still warn), and are never
 * rate limited: a balancer's checks must not fail because a client is busy.
 */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { config, ping },
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process serves HTTP (touches nothing else)',
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
          'Readiness: the database answers (503 when it does not, and while the process shuts down)',
        response: responses(200, HealthSchema, [503]),
      },
      config: { quietLog: true, noRateLimit: true },
    },
    async (request) => {
      try {
        await ping();
        return ok('Ready', { status: 'ok' as const });
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        throw new AppError('DATABASE_UNAVAILABLE', 'Not ready: the database is not answering.');
      }
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Runtime configuration for the web app',
        response: responses(200, ClientConfigSchema),
      },
    },
    async () => ok('Config', clientConfig(config)),
  );
};
