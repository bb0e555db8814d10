import {
  CreatePropertyBodySchema,
  CreatePropertyResultSchema,
  ListPropertiesQuerySchema,
  MovePropertyStageBodySchema,
  MovePropertyStageResultSchema,
  PropertyDetailSchema,
  PropertyIdParamsSchema,
  PropertyListSchema,
  UpdatePropertyBodySchema,
  UpdatePropertyResultSchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledJson } from '../../lib/compiled-json.js';
import { AUTH_ERRORS, fileResponses, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { PropertiesService } from './properties.service.js';

export const propertiesRoutes: FastifyPluginAsyncZod<{ properties: PropertiesService }> = async (
  app,
  { properties },
) => {
  app.get(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: 'Property cards, filtered and sorted, one keyset page at a time',
        querystring: ListPropertiesQuerySchema,
        response: responses(200, PropertyListSchema, [400, ...AUTH_ERRORS]),
      },
      serializerCompiler: compiledJson,
      config: allow('member'),
    },
    async (request) => ok('Properties', await properties.list(request.query)),
  );

  app.get(
    '/properties/export.csv',
    {
      schema: {
        tags: ['properties'],
        summary: 'The filtered list as CSV (UTF-8 with BOM, semicolons, decimal commas), streamed',
        querystring: ListPropertiesQuerySchema,
        response: fileResponses('text/csv', 'The CSV file, a download', [400, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request, reply) => {
      const { sort: _sort, limit: _limit, cursor: _cursor, ...filters } = request.query;
      // The query is validated and its first batch read before the first byte goes out. A later
      // failure makes Fastify destroy the connection mid-body (chunked, never terminated), so the
      // download visibly fails instead of ending as a short, well-formed file.
      const csv = await properties.exportCsv(filters);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bec-propiedades-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'One property with every field, names and photos',
        params: PropertyIdParamsSchema,
        response: responses(200, PropertyDetailSchema, [400, 404, ...AUTH_ERRORS]),
      },
      serializerCompiler: compiledJson,
      config: allow('member'),
    },
    async (request) => ok('Property', await properties.get(request.params.id)),
  );

  app.post(
    '/properties/add',
    {
      schema: {
        tags: ['properties'],
        summary: 'Add a property and attach its uploaded photos, in one transaction',
        body: CreatePropertyBodySchema,
        response: responses(201, CreatePropertyResultSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request, reply) => {
      const created = await properties.create(memberOf(request), request.body);
      return reply.code(201).send(ok('Property added successfully!', created));
    },
  );

  app.put(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary:
          'Edit a property and its photos (order, cover, additions, removals) in one transaction',
        params: PropertyIdParamsSchema,
        body: UpdatePropertyBodySchema,
        response: responses(200, UpdatePropertyResultSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) =>
      ok(
        'Property updated successfully!',
        await properties.update(memberOf(request), request.params.id, request.body),
      ),
  );

  app.patch(
    '/properties/:id/stage',
    {
      schema: {
        tags: ['properties'],
        summary:
          'Move a property to another pipeline stage (the board), refused with 409 if it changed since it was loaded; recorded in its history',
        params: PropertyIdParamsSchema,
        body: MovePropertyStageBodySchema,
        response: responses(200, MovePropertyStageResultSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) =>
      ok(
        'Stage changed',
        await properties.moveStage(memberOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'Delete a property and its photo files',
        params: PropertyIdParamsSchema,
        response: responses(200, z.object({ id: z.number().int() }), [400, 404, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) =>
      ok('Property deleted', await properties.remove(memberOf(request), request.params.id)),
  );
};
