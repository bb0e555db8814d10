import {
  ApproveWaitlistBodySchema,
  IdParamsSchema,
  ListQuerySchema,
  UserSchema,
  WaitlistSchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { WaitlistService } from './waitlist.service.js';

export const waitlistRoutes: FastifyPluginAsyncZod<{ waitlist: WaitlistService }> = async (
  app,
  { waitlist },
) => {
  app.get(
    '/waitlist',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Accounts waiting for access, oldest request first',
        querystring: ListQuerySchema,
        response: responses(200, WaitlistSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request) =>
      ok('Waitlist', await waitlist.list(request.query.limit, request.query.cursor)),
  );

  app.post(
    '/waitlist/:id/approve',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Grant access: the entry becomes a member with the given role',
        params: IdParamsSchema,
        body: ApproveWaitlistBodySchema,
        response: responses(201, UserSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request, reply) => {
      const user = await waitlist.approve(memberOf(request), request.params.id, request.body.role);
      return reply.code(201).send(ok(`${user.name} can now sign in as ${user.role}`, user));
    },
  );

  app.delete(
    '/waitlist/:id',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Refuse an access request',
        params: IdParamsSchema,
        response: responses(200, z.object({ id: z.number().int() }), [400, 404, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request) =>
      ok('Waitlist entry deleted', await waitlist.remove(memberOf(request), request.params.id)),
  );
};
