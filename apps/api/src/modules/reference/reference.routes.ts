import { PropertyTypeSchema, RegionSchema } from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import type { ReferenceService } from './reference.service.js';

export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/property-types',
    {
      schema: {
        tags: ['reference'],
        summary: 'Property types',
        response: responses(200, z.array(PropertyTypeSchema), AUTH_ERRORS),
      },
      config: allow('member'),
    },
    async () => ok('Property types', await reference.propertyTypes()),
  );

  app.get(
    '/regions',
    {
      schema: {
        tags: ['reference'],
        summary: 'The 16 regions of Chile, north to south, each with its comunas',
        response: responses(200, z.array(RegionSchema), AUTH_ERRORS),
      },
      config: allow('member'),
    },
    async () => ok('Regions', await reference.regions()),
  );
};
