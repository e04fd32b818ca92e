import type { FastifyRequest } from 'fastify';
import { message, type Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import {
  CreatedUserResponse,
  CreateUserBody,
  MessageResponse,
  NumericUserIdParams,
  SetPasswordBody,
  SetPermissionsBody,
} from './users.schema.js';
import type { UsersService } from './users.service.js';

const onUser = (action: string) => (request: FastifyRequest) =>
  can(action, `global.users:id:${(request.params as { user_id: number }).user_id}`);

/**
 * Server-admin user management (/api/admin/users…). A user's sessions (…/auth-tokens,
 * …/revoke-auth-token, …/logout) are the auth feature's routes.
 */
export function registerAdminUsersRoutes(api: Api, deps: { users: UsersService }): void {
  const { users } = deps;
  const params = NumericUserIdParams;

  api.post(
    '/api/admin/users',
    {
      config: { permission: can('users:create') },
      schema: { body: CreateUserBody, response: { 200: CreatedUserResponse } },
    },
    async (request) => {
      const user = await users.create(request.body);
      return { id: user.id, uid: user.uid, message: 'User created' };
    },
  );

  api.put(
    '/api/admin/users/:user_id/password',
    {
      config: { permission: onUser('users.password:write') },
      schema: { params, body: SetPasswordBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await users.setPassword(request.params.user_id, request.body.password);
      return message('User password updated');
    },
  );

  api.put(
    '/api/admin/users/:user_id/permissions',
    {
      config: { permission: onUser('users.permissions:write') },
      schema: { params, body: SetPermissionsBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const isAdmin = request.body.isGrafanaAdmin ?? request.body.isServerAdmin ?? false;
      await users.setServerAdmin(request.params.user_id, isAdmin);
      return message('User permissions updated');
    },
  );

  api.delete(
    '/api/admin/users/:user_id',
    {
      config: { permission: onUser('users:delete') },
      schema: { params, response: { 200: MessageResponse } },
    },
    async (request) => {
      await users.delete(request.params.user_id, identityOf(request).userId);
      return message('User deleted');
    },
  );

  api.post(
    '/api/admin/users/:user_id/disable',
    {
      config: { permission: onUser('users:disable') },
      schema: { params, response: { 200: MessageResponse } },
    },
    async (request) => {
      await users.setDisabled(request.params.user_id, true, identityOf(request).userId);
      return message('User disabled');
    },
  );

  api.post(
    '/api/admin/users/:user_id/enable',
    {
      config: { permission: onUser('users:enable') },
      schema: { params, response: { 200: MessageResponse } },
    },
    async (request) => {
      await users.setDisabled(request.params.user_id, false, identityOf(request).userId);
      return message('User enabled');
    },
  );
}
