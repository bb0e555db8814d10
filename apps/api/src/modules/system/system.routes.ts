import { ClientConfigSchema, HealthSchema } from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { ok, responses } from '../../lib/http.js';
import { clientConfig } from './client-config.js';

export type SystemRoutesOptions = { config: Config; ping: () => Promise<void> };

/** Unauthenticated: liveness, readiness and what the SPA needs to start signing in. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { config, ping },
) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Liveness', response: responses(200, HealthSchema) } },
    async () => ok('Alive', { status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        response: responses(200, HealthSchema, [503]),
      },
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
