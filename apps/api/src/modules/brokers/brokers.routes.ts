import {
  BrokerChoicesQuerySchema,
  BrokerIdParamsSchema,
  BrokerListItemSchema,
  BrokerPageSchema,
  BrokerSchema,
  CreateBrokerBodySchema,
  ListBrokersQuerySchema,
  SetBrokerArchivedBodySchema,
  UpdateBrokerBodySchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import type { BrokersService } from './brokers.service.js';

/** /api/brokers: members read; editors and admins add, edit, archive and delete. */
export const brokersRoutes: FastifyPluginAsyncZod<{ brokers: BrokersService }> = async (
  app,
  { brokers },
) => {
  app.get(
    '/brokers',
    {
      schema: {
        tags: ['brokers'],
        summary:
          "The property form's choices: active brokers by name, plus `include` even if archived",
        querystring: BrokerChoicesQuerySchema,
        response: responses(200, z.array(BrokerSchema), [400, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) => ok('Brokers', await brokers.choices(request.query.include)),
  );

  app.get(
    '/brokers/list',
    {
      schema: {
        tags: ['brokers'],
        summary:
          'Brokers by name with their property counts, searched, active or archived, one keyset page at a time',
        querystring: ListBrokersQuerySchema,
        response: responses(200, BrokerPageSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) => ok('Brokers', await brokers.list(request.query)),
  );

  app.get(
    '/brokers/:id',
    {
      schema: {
        tags: ['brokers'],
        summary: 'One broker with its property count',
        params: BrokerIdParamsSchema,
        response: responses(200, BrokerListItemSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) => ok('Broker', await brokers.get(request.params.id)),
  );

  app.post(
    '/brokers',
    {
      schema: {
        tags: ['brokers'],
        summary: 'Add a broker (the phone is stored as E.164)',
        body: CreateBrokerBodySchema,
        response: responses(201, BrokerSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request, reply) =>
      reply.code(201).send(ok('Broker added', await brokers.create(request.body))),
  );

  app.put(
    '/brokers/:id',
    {
      schema: {
        tags: ['brokers'],
        summary: 'Edit a broker; 409 if it changed since `updated_at`',
        params: BrokerIdParamsSchema,
        body: UpdateBrokerBodySchema,
        response: responses(200, BrokerSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) => ok('Broker updated', await brokers.update(request.params.id, request.body)),
  );

  app.patch(
    '/brokers/:id',
    {
      schema: {
        tags: ['brokers'],
        summary:
          'Archive a broker (hidden from the property form, kept on its properties) or bring it back',
        params: BrokerIdParamsSchema,
        body: SetBrokerArchivedBodySchema,
        response: responses(200, BrokerSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) =>
      ok(
        request.body.archived ? 'Broker archived' : 'Broker restored',
        await brokers.setArchived(request.params.id, request.body.archived),
      ),
  );

  app.delete(
    '/brokers/:id',
    {
      schema: {
        tags: ['brokers'],
        summary: 'Delete a broker no property names (409 broker_in_use otherwise: archive it)',
        params: BrokerIdParamsSchema,
        response: responses(200, z.object({ id: z.number().int() }), [
          400,
          404,
          409,
          ...AUTH_ERRORS,
        ]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) => ok('Broker deleted', await brokers.remove(request.params.id)),
  );
};
