import {
  PutUfValueBodySchema,
  PutUfValueResultSchema,
  UfCurrentSchema,
  UfDateParamsSchema,
  UfValueListSchema,
  UfValuesQuerySchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import type { UfService } from './uf.service.js';

export const ufRoutes: FastifyPluginAsyncZod<{ uf: UfService }> = async (app, { uf }) => {
  app.get(
    '/uf',
    {
      schema: {
        tags: ['uf'],
        summary:
          "The UF value in effect (the latest dated today or before, in Chile), and whether it is today's",
        response: responses(200, UfCurrentSchema, AUTH_ERRORS),
      },
      config: allow('member'),
    },
    async () => ok('UF', await uf.current()),
  );

  app.get(
    '/uf/values',
    {
      schema: {
        tags: ['uf'],
        summary: 'Stored UF values, newest date first, one keyset page at a time (admins)',
        querystring: UfValuesQuerySchema,
        response: responses(200, UfValueListSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request) =>
      ok('UF values', await uf.listValues(request.query.limit, request.query.cursor)),
  );

  app.put(
    '/uf/values/:date',
    {
      schema: {
        tags: ['uf'],
        summary:
          "Enter a day's UF value by hand (offline installs); UF prices are re-priced if it is the value in effect (admins)",
        params: UfDateParamsSchema,
        body: PutUfValueBodySchema,
        response: responses(200, PutUfValueResultSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request) => {
      const result = await uf.putValue(request.params.date, request.body.value);
      return ok(`UF of ${result.stored.date} stored`, result);
    },
  );
};
