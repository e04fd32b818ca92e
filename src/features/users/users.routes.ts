import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { message, type Api } from '../../http/api.js';
import { sendCachedJson } from '../../http/cached-json.js';
import { identityOf } from '../../access/identity.js';
import { paging } from '../../http/paging.js';
import type { Clock } from '../../lib/clock.js';
import { can } from '../../access/evaluator.js';
import type { TableCache } from '../../store/table-cache.js';
import { presentUser, presentUserHit } from './users.present.js';
import {
  ChangePasswordBody,
  LookupQuery,
  MessageResponse,
  OrgIdParams,
  SearchQuery,
  UpdateProfileBody,
  UserDto,
  UserHit,
  UserIdParams,
  UserOrgEntry,
  UserOrgParams,
  UsersPage,
} from './users.schema.js';
import type { UsersService } from './users.service.js';

const usersOnly = 'Endpoint only available for users';
const globalUser = (request: FastifyRequest) =>
  `global.users:id:${(request.params as { user_id: string }).user_id}`;

/** GET /api/user's JSON text by `<user id>/<org id>`. */
export type ProfileCache = TableCache<string, string>;

/** The signed-in user (/api/user…) and other users (/api/users…). */
export function registerUsersRoutes(
  api: Api,
  deps: { users: UsersService; clock: Clock; profiles: ProfileCache },
): void {
  const { users, clock, profiles } = deps;

  // Hot path: the JSON text from the profile cache (no query, no serialising, no promise) while no
  // users or user_auth row changed. A miss serialises with the route's schema (reply.serialize),
  // so the cached text is what the schema answers, and is checked like any answer under
  // SVC_CHECK_RESPONSES.
  api.get(
    '/api/user',
    { config: { usersOnly }, schema: { response: { 200: UserDto } } },
    (request, reply) => {
      const { userId, orgId } = identityOf(request);
      return sendCachedJson(reply, profiles, `${userId}/${orgId}`, async () => {
        const user = await users.get(userId);
        const labels = await users.authLabelsOf([user]);
        // text: fast-json-stringify's answer (the type also allows a custom serializer's bytes)
        return reply.serialize(presentUser(user, orgId, labels.get(user.id))) as string;
      });
    },
  );

  api.put(
    '/api/user',
    { config: { usersOnly }, schema: { body: UpdateProfileBody, response: { 200: MessageResponse } } },
    async (request) => {
      await users.updateProfile(identityOf(request).userId, request.body);
      return message('User updated');
    },
  );

  api.put(
    '/api/user/password',
    { config: { usersOnly }, schema: { body: ChangePasswordBody, response: { 200: MessageResponse } } },
    async (request) => {
      await users.changeOwnPassword(
        identityOf(request).userId,
        request.body.oldPassword,
        request.body.newPassword,
      );
      return message('User password changed');
    },
  );

  api.get(
    '/api/user/orgs',
    { config: { usersOnly }, schema: { response: { 200: Type.Array(UserOrgEntry) } } },
    (request) => users.orgsOf(identityOf(request).userId),
  );

  api.post(
    '/api/user/using/:org_id',
    { config: { usersOnly }, schema: { params: OrgIdParams, response: { 200: MessageResponse } } },
    async (request) => {
      await users.switchOrg(identityOf(request).userId, request.params.org_id);
      return message('Active organization changed');
    },
  );

  api.get(
    '/api/users/lookup',
    {
      config: { permission: can('users:read', 'global.users:*') },
      schema: { querystring: LookupQuery, response: { 200: UserDto } },
    },
    async (request) => {
      // SPEC: the user, as /api/users/{id} answers it (isDisabled, isExternal, authLabels included)
      const user = await users.lookup(request.query.loginOrEmail);
      const labels = await users.authLabelsOf([user]);
      return presentUser(user, user.org_id, labels.get(user.id));
    },
  );

  api.get(
    '/api/users/search',
    {
      config: { permission: can('users:read', 'global.users:*') },
      schema: { querystring: SearchQuery, response: { 200: UsersPage } },
    },
    async (request) => {
      const { perPage, page } = paging(request.query);
      const result = await users.search(request.query.query ?? '', perPage, page);
      const now = clock.now();
      const labels = await users.authLabelsOf(result.rows);
      return {
        totalCount: result.total,
        users: result.rows.map((u) => presentUserHit(u, now, labels.get(u.id))),
        page,
        perPage,
      };
    },
  );

  // Deprecated in Grafana: the same hits as a plain array.
  api.get(
    '/api/users',
    {
      config: { permission: can('users:read', 'global.users:*') },
      schema: { querystring: SearchQuery, response: { 200: Type.Array(UserHit) } },
    },
    async (request) => {
      const { perPage, page } = paging(request.query);
      const result = await users.search(request.query.query ?? '', perPage, page);
      const now = clock.now();
      const labels = await users.authLabelsOf(result.rows);
      return result.rows.map((u) => presentUserHit(u, now, labels.get(u.id)));
    },
  );

  api.get(
    '/api/users/:user_id',
    {
      config: { permission: (r) => can('users:read', globalUser(r)) },
      schema: { params: UserIdParams, response: { 200: UserDto } },
    },
    async (request) => {
      const user = await users.getByIdOrUid(request.params.user_id);
      const labels = await users.authLabelsOf([user]);
      return presentUser(user, user.org_id, labels.get(user.id));
    },
  );

  api.put(
    '/api/users/:user_id',
    {
      config: { permission: (r) => can('users:write', globalUser(r)) },
      schema: { params: UserIdParams, body: UpdateProfileBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const user = await users.getByIdOrUid(request.params.user_id);
      await users.updateProfile(user.id, request.body);
      return message('User updated');
    },
  );

  api.get(
    '/api/users/:user_id/orgs',
    {
      config: { permission: (r) => can('users:read', globalUser(r)) },
      schema: { params: UserIdParams, response: { 200: Type.Array(UserOrgEntry) } },
    },
    async (request) => users.orgsOf((await users.getByIdOrUid(request.params.user_id)).id),
  );

  api.post(
    '/api/users/:user_id/using/:org_id',
    {
      config: { permission: (r) => can('users:write', globalUser(r)) },
      schema: { params: UserOrgParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      const user = await users.getByIdOrUid(request.params.user_id);
      await users.switchOrg(user.id, request.params.org_id);
      return message('Active organization changed');
    },
  );
}
