import { DuplicateCandidatesSchema, DuplicateCheckBodySchema } from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { DuplicatesService } from './duplicates.service.js';

/** Registered under /api/properties: the add and edit forms ask before they save. */
export const duplicatesRoutes: FastifyPluginAsyncZod<{ duplicates: DuplicatesService }> = async (
  app,
  { duplicates },
) => {
  // Only those who add and edit properties ask.

  app.post(
    '/properties/duplicates',
    {
      schema: {
        tags: ['properties'],
        summary:
          'Likely duplicates of a property being entered: same address in the comuna, same type within 50 m, or a photo already stored',
        body: DuplicateCheckBodySchema,
        response: responses(200, DuplicateCandidatesSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) =>
      ok('Duplicate candidates', await duplicates.check(memberOf(request).id, request.body)),
  );
};
