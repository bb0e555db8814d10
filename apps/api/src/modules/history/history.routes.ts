import {
  AuditPageSchema,
  AuditQuerySchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  PropertyIdParamsSchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { HistoryService } from './history.service.js';

/**
 * Reading the history and the audit: GET only. Both tables are append-only (ADR 018): no route
 * writes them, and their triggers refuse updates and deletes from any client.
 */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (
  app,
  { history },
) => {
  app.get(
    '/properties/:id/history',
    {
      schema: {
        tags: ['history'],
        summary: "A property's history, newest first; a deleted property's is for admins only",
        params: PropertyIdParamsSchema,
        querystring: HistoryQuerySchema,
        response: responses(200, HistoryPageSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) =>
      ok(
        'History',
        await history.propertyHistory(memberOf(request), request.params.id, request.query),
      ),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['history'],
        summary:
          'Access decisions (approvals, waitlist deletions, role changes, removals, first admins), newest first',
        querystring: AuditQuerySchema,
        response: responses(200, AuditPageSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request) => ok('Audit', await history.audit(request.query)),
  );
};
