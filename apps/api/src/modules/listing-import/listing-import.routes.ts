import {
  ImportedListingSchema,
  ImportedPhotosSchema,
  ImportListingBodySchema,
  ImportPhotosBodySchema,
  ImportThumbnailBodySchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, clientSignal, fileResponses, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { ListingImportService } from './listing-import.service.js';

export const listingImportRoutes: FastifyPluginAsyncZod<{
  listingImport: ListingImportService;
}> = async (app, { listingImport }) => {
  app.post(
    '/properties/import',
    {
      schema: {
        tags: ['properties'],
        summary:
          "Read a listing from its text or its link into a proposal of the add form's fields, each with the words it came from; saves nothing",
        body: ImportListingBodySchema,
        response: responses(200, ImportedListingSchema, [400, 422, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    // The page's fetch stops if the editor closes the dialog (or the connection) meanwhile.
    async (request, reply) =>
      ok('Listing read', await listingImport.read(request.body, request.log, clientSignal(reply))),
  );

  app.post(
    '/properties/import/photos',
    {
      schema: {
        tags: ['properties'],
        summary:
          "Fetch a listing's chosen photos into the caller's uploads (the upload's checks: size, content sniffed), to attach when the property is saved",
        body: ImportPhotosBodySchema,
        response: responses(200, ImportedPhotosSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request, reply) =>
      ok(
        'Listing photos imported',
        await listingImport.importPhotos(
          memberOf(request).id,
          request.body.urls,
          request.log,
          clientSignal(reply),
        ),
      ),
  );

  // A POST though it reads: the URL may be 2000 characters, and a body keeps it out of the
  // access logs (ADR 045).
  app.post(
    '/properties/import/thumbnail',
    {
      schema: {
        tags: ['properties'],
        summary:
          "A small WebP of one of a listing's proposed photos, made by BEC from the fetched image (the import's checks), to see it before choosing it; nothing is stored",
        body: ImportThumbnailBodySchema,
        response: fileResponses(
          'image/webp',
          'The thumbnail: a WebP at most 320 px wide, upright and without metadata',
          [400, ...AUTH_ERRORS],
        ),
      },
      config: { ...allow(['editor', 'admin']), readOnly: true },
    },
    async (request, reply) => {
      const thumbnail = await listingImport.thumbnail(
        request.body.url,
        request.log,
        clientSignal(reply),
      );
      // Private: the answer of a signed-in request; a few minutes, for the dialog opened again.
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=300')
        .send(thumbnail);
    },
  );
};
