import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { message, type Api } from '../../http/api.js';
import { can } from '../../access/evaluator.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { NumericUserIdParams } from '../users/users.schema.js';
import { userNotFound } from './auth.errors.js';
import { MessageResponse, RevokeTokenBody, SessionDto } from './auth.schema.js';
import type { AuthService } from './auth.service.js';
import { presentSession } from './sessions.present.js';

const onUser = (action: string) => (request: FastifyRequest) =>
  can(action, `global.users:id:${(request.params as { user_id: number }).user_id}`);

/** Server admins and the sessions of another user (/api/admin/users/:user_id/auth-tokens…, …/logout). */
export function registerAdminSessionsRoutes(
  api: Api,
  deps: { auth: AuthService; users: Pick<UsersLookup, 'userExists'> },
): void {
  const { auth, users } = deps;
  const params = NumericUserIdParams;

  /** 404 unless a user (not a service account) has this id. */
  async function requireUser(id: number): Promise<number> {
    if (!(await users.userExists(id))) throw userNotFound();
    return id;
  }

  api.get(
    '/api/admin/users/:user_id/auth-tokens',
    {
      config: { permission: onUser('users.authtoken:read') },
      schema: { params, response: { 200: Type.Array(SessionDto) } },
    },
    async (request) => {
      const userId = await requireUser(request.params.user_id);
      return (await auth.listSessions(userId)).map((s) => presentSession(s, undefined));
    },
  );

  api.post(
    '/api/admin/users/:user_id/revoke-auth-token',
    {
      config: { permission: onUser('users.authtoken:write') },
      schema: { params, body: RevokeTokenBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await auth.revokeSessionOf(request.params.user_id, request.body.authTokenId);
      return message('User auth token revoked');
    },
  );

  api.post(
    '/api/admin/users/:user_id/logout',
    {
      config: { permission: onUser('users:logout') },
      schema: { params, response: { 200: MessageResponse } },
    },
    async (request) => {
      await auth.logoutEverywhere(await requireUser(request.params.user_id));
      return message('User logged out');
    },
  );
}
