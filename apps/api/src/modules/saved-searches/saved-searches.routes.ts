import {
  AlertPageSchema,
  AlertsQuerySchema,
  CreateSavedSearchBodySchema,
  IdParamsSchema,
  SavedSearchIdParamsSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  SavedSearchSubscriptionBodySchema,
  UnreadAlertsSchema,
  UpdateSavedSearchBodySchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { SavedSearchesService } from './saved-searches.service.js';

/**
 * /api/saved-searches and /api/alerts (ADR 053): every member saves personal searches
 * and follows shared ones; editors and admins share; a personal search is its owner's alone.
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{
  savedSearches: SavedSearchesService;
}> = async (app, { savedSearches }) => {
  app.get(
    '/saved-searches',
    {
      schema: {
        tags: ['saved searches'],
        summary:
          "The user's personal searches and every shared one (shared first, then by name), each with its new matches since last opened",
        response: responses(200, SavedSearchListSchema, AUTH_ERRORS),
      },
      config: allow('member'),
    },
    async (request) => ok('Saved searches', await savedSearches.list(memberOf(request))),
  );

  app.post(
    '/saved-searches',
    {
      schema: {
        tags: ['saved searches'],
        summary:
          "Save the grid's filters under a name, personal or shared (editors and admins); its author follows it",
        body: CreateSavedSearchBodySchema,
        response: responses(201, SavedSearchSchema, [400, 409, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok('Search saved', await savedSearches.create(memberOf(request), request.body))),
  );

  app.patch(
    '/saved-searches/:id',
    {
      schema: {
        tags: ['saved searches'],
        summary:
          'Rename a search, share or unshare it, or replace its filters: its owner, or an admin for a shared one',
        params: SavedSearchIdParamsSchema,
        body: UpdateSavedSearchBodySchema,
        response: responses(200, SavedSearchSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) =>
      ok(
        'Search updated',
        await savedSearches.update(memberOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/saved-searches/:id',
    {
      schema: {
        tags: ['saved searches'],
        summary: 'Delete a search and its alerts: its owner, or an admin for a shared one',
        params: SavedSearchIdParamsSchema,
        response: responses(200, z.object({ id: z.number().int() }), [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) =>
      ok('Search deleted', await savedSearches.remove(memberOf(request), request.params.id)),
  );

  app.post(
    '/saved-searches/:id/opened',
    {
      schema: {
        tags: ['saved searches'],
        summary: 'The user opened the search: its new matches count from now',
        params: SavedSearchIdParamsSchema,
        response: responses(200, SavedSearchSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) =>
      ok('Search opened', await savedSearches.opened(memberOf(request), request.params.id)),
  );

  app.put(
    '/saved-searches/:id/subscription',
    {
      schema: {
        tags: ['saved searches'],
        summary:
          "Follow a search the user can see, or stop following it; choose its mail (none, one per alert, a daily digest: sent when the server has SMTP_URL) and the mails' language",
        params: SavedSearchIdParamsSchema,
        body: SavedSearchSubscriptionBodySchema,
        response: responses(200, SavedSearchSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) =>
      ok(
        request.body.subscribed === false
          ? 'No longer following the search'
          : request.body.subscribed
            ? 'Following the search'
            : 'Subscription updated',
        await savedSearches.subscribe(memberOf(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: "The user's alerts of the searches they follow, newest first, one keyset page",
        querystring: AlertsQuerySchema,
        response: responses(200, AlertPageSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) => ok('Alerts', await savedSearches.alerts(memberOf(request), request.query)),
  );

  app.get(
    '/alerts/unread',
    {
      schema: {
        tags: ['alerts'],
        summary: "How many of the user's alerts are unread (the bell's count)",
        response: responses(200, UnreadAlertsSchema, AUTH_ERRORS),
      },
      config: { ...allow('member'), quietLog: true },
    },
    async (request) => ok('Unread alerts', await savedSearches.unread(memberOf(request))),
  );

  app.post(
    '/alerts/read-all',
    {
      schema: {
        tags: ['alerts'],
        summary: "Mark every one of the user's alerts read",
        response: responses(200, z.object({ read: z.number().int() }), AUTH_ERRORS),
      },
      config: allow('member'),
    },
    async (request) => ok('Alerts read', await savedSearches.readAll(memberOf(request))),
  );

  app.post(
    '/alerts/:id/read',
    {
      schema: {
        tags: ['alerts'],
        summary: "Mark one of the user's alerts read",
        params: IdParamsSchema,
        response: responses(200, z.object({ id: z.number().int() }), [400, 404, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) =>
      ok('Alert read', await savedSearches.read(memberOf(request), request.params.id)),
  );
};
