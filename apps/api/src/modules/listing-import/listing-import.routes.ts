import { ImportedListingSchema, ImportListingBodySchema } from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import type { ListingImportService } from './listing-import.service.js';

export const listingImportRoutes: FastifyPluginAsyncZod<{
  listingImport: ListingImportService;
}> = async (app, { listingImport }) => {
  const editor = app.authorize(['editor', 'admin']);

  app.post(
    '/properties/import',
    {
      schema: {
        tags: ['properties'],
        summary:
          "Read a listing from its text or its link into a proposal of the add form's fields, each with the words it came from; saves nothing",
        body: ImportListingBodySchema,
        response: responses(200, ImportedListingSchema, [400, ...AUTH_ERRORS]),
      },
      onRequest: editor,
    },
    async (request) => ok('Listing read', await listingImport.read(request.body, request.log)),
  );
};
