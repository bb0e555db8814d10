import {
  IdParamsSchema,
  UpcomingVisitsSchema,
  UpdateVisitBodySchema,
  VisitBodySchema,
  VisitListSchema,
  VisitorListSchema,
  VisitResultSchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { VisitsService } from './visits.service.js';

/**
 * Visits: a property's log under /api/properties/:id/visits, one visit under /api/visits/:id,
 * and the signed-in member's upcoming ones. Members read; editors and admins write.
 */
export const visitsRoutes: FastifyPluginAsyncZod<{ visits: VisitsService }> = async (
  app,
  { visits },
) => {
  app.get(
    '/properties/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: "A property's visits, newest first, with their photos",
        params: IdParamsSchema,
        response: responses(200, VisitListSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) => ok('Visits', await visits.list(request.params.id)),
  );

  app.post(
    '/properties/:id/visits',
    {
      schema: {
        tags: ['visits'],
        summary: 'Log a visit with its uploaded photos; the stage follows it',
        params: IdParamsSchema,
        body: VisitBodySchema,
        response: responses(201, VisitResultSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request, reply) => {
      const created = await visits.create(memberOf(request), request.params.id, request.body);
      return reply.code(201).send(ok('Visit logged', created));
    },
  );

  app.get(
    '/visits/upcoming',
    {
      schema: {
        tags: ['visits'],
        summary: "The signed-in member's own visits from now on, soonest first",
        response: responses(200, UpcomingVisitsSchema, AUTH_ERRORS),
      },
      config: allow('member'),
    },
    async (request) => ok('Upcoming visits', await visits.upcoming(memberOf(request))),
  );

  app.get(
    '/visits/visitors',
    {
      schema: {
        tags: ['visits'],
        summary: 'The members a visit can name as its visitor',
        response: responses(200, VisitorListSchema, AUTH_ERRORS),
      },
      config: allow('member'),
    },
    async () => ok('Visitors', await visits.visitors()),
  );

  app.put(
    '/visits/:id',
    {
      schema: {
        tags: ['visits'],
        summary: 'Edit a visit and its photos, refused when it changed since it was loaded',
        params: IdParamsSchema,
        body: UpdateVisitBodySchema,
        response: responses(200, VisitResultSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) =>
      ok('Visit updated', await visits.update(memberOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/visits/:id',
    {
      schema: {
        tags: ['visits'],
        summary: 'Remove a visit and its photo files',
        params: IdParamsSchema,
        response: responses(200, z.object({ id: z.number().int() }), [400, 404, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) =>
      ok('Visit removed', await visits.remove(memberOf(request), request.params.id)),
  );
};
