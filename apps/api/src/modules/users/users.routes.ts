import {
  IdParamsSchema,
  ListQuerySchema,
  MeSchema,
  MyLocaleSchema,
  UpdateUserBodySchema,
  UserListSchema,
  UserSchema,
} from '@bec/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in member; an unknown account is put on the waitlist and refused',
        response: responses(200, MeSchema, AUTH_ERRORS),
      },
      config: allow('signed-in'),
    },
    async (request) => {
      const identity = request.identity;
      if (!identity) throw new Error('authenticate did not set an identity');
      return ok('Signed in', await users.signIn(identity));
    },
  );

  app.put(
    '/users/me/locale',
    {
      schema: {
        tags: ['users'],
        summary: "The language the member reads BEC in: the member's alert mail is written in it",
        body: MyLocaleSchema,
        response: responses(200, MyLocaleSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow('member'),
    },
    async (request) =>
      ok('Language saved', await users.setLocale(memberOf(request), request.body.locale)),
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Members, by id',
        querystring: ListQuerySchema,
        response: responses(200, UserListSchema, [400, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request) => ok('Users', await users.list(request.query.limit, request.query.cursor)),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Change a member's role; the last admin cannot be demoted",
        params: IdParamsSchema,
        body: UpdateUserBodySchema,
        response: responses(200, UserSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      config: allow(['admin']),
    },
    async (request) => {
      const user = await users.changeRole(memberOf(request), request.params.id, request.body.role);
      return ok(`${user.name} is now ${user.role}`, user);
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove a member; the last admin cannot be removed',
        params: IdParamsSchema,
        response: responses(200, z.object({ id: z.number().int() }), [
          400,
          404,
          409,
          ...AUTH_ERRORS,
        ]),
      },
      config: allow(['admin']),
    },
    async (request) => ok('User deleted', await users.remove(memberOf(request), request.params.id)),
  );
};
