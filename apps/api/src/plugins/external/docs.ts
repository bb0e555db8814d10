import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { addSharedStatuses } from '../../lib/http.js';

/**
 * OpenAPI 3.0 has no null type, and `nullable: true` counts only beside a `type` (3.0.3). zod writes
 * a union with a null member (a history value: text, a number, yes/no, a price or nothing) as
 * `{anyOf: [...], nullable: true}`, which validators refuse to compile: null becomes a member of
 * its own instead, spelled as zod spells a lone `z.null()`. A nullable enum (an orientation or
 * nothing) lists null among its values: 3.0.3 says an enum without it refuses null even when
 * `nullable` is true.
 */
function nullAsMember(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullAsMember(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) nullAsMember(value);
  const members = schema.anyOf ?? schema.oneOf;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(members)) {
    members.push({ type: 'string', nullable: true, enum: [null] });
    delete schema.nullable;
  }
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum.push(null);
}

/** OpenAPI generated from the same zod contracts that validate the requests, served at /docs. */
async function docs(app: FastifyInstance) {
  // Registered before the routes: each one's document gains the statuses its method and path share.
  app.addHook('onRoute', addSharedStatuses);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'BEC API',
        version: '1.0.0',
        description: 'Back-office for real-estate properties in Chile.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      const generated =
        'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      nullAsMember(generated.paths);
      return generated;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

export default fp(docs, { name: 'docs' });
