import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { DELEGATE_SCOPE } from './access-control-roles.js';
import { allOf, can, type Evaluator } from '../../access/evaluator.js';
import { invalidId } from './rbac.errors.js';
import {
  AddRoleBody,
  AssignedQuery,
  BuiltInRoleBody,
  BuiltInRolesResponse,
  BuiltInRoleParams,
  CreateRoleBody,
  DeleteRoleQuery,
  GlobalQuery,
  ListRolesQuery,
  MessageResponse,
  RoleDto,
  RoleList,
  RoleUidParams,
  SetRolesBody,
  TeamParams,
  TeamRoleParams,
  UpdateRoleBody,
  UserParams,
  UserRoleParams,
} from './rbac.schema.js';
import { presentRole } from './roles.present.js';
import type { Assignee } from './roles.store.js';
import type { RolesService } from './roles.service.js';

const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name] ?? '';
/** `actions` on the scope built from a path parameter: one permission, or all of them. */
const onScope =
  (kind: string, name: string) =>
  (...actions: string[]) =>
  (request: FastifyRequest): Evaluator => {
    const evaluators = actions.map((a) => can(a, `${kind}:id:${param(request, name)}`));
    return evaluators.length === 1 ? evaluators[0]! : allOf(...evaluators);
  };
const onUser = onScope('users', 'userId');
const onTeam = onScope('teams', 'teamId');

const userOf = (id: number): Assignee => ({ kind: 'user', id });
const teamOf = (id: number): Assignee => ({ kind: 'team', id });
/** Grafana's answers for a user or team id that is not a number the column holds. */
const schemaErrors = {
  'params.userId': () => invalidId('userId'),
  'params.teamId': () => invalidId('teamId'),
};

/** Grafana's role API: /api/access-control/roles, role assignments of users, teams and basic roles. */
export function registerRolesRoutes(api: Api, roles: RolesService): void {
  api.get(
    '/api/access-control/roles',
    {
      config: { permission: can('roles:read') },
      schema: { querystring: ListRolesQuery, response: { 200: RoleList } },
    },
    async (request) =>
      (await roles.list(identityOf(request), request.query)).map((r) => presentRole(r, false)),
  );

  api.get(
    '/api/access-control/roles/:roleUID',
    {
      config: { permission: (r) => can('roles:read', `roles:uid:${param(r, 'roleUID')}`) },
      schema: { params: RoleUidParams, response: { 200: RoleDto } },
    },
    async (request) => presentRole(await roles.get(identityOf(request), request.params.roleUID), true),
  );

  api.post(
    '/api/access-control/roles',
    {
      config: { permission: can('roles:write', DELEGATE_SCOPE) },
      schema: { body: CreateRoleBody, response: { 201: RoleDto } },
    },
    async (request, reply) => {
      const role = await roles.create(identityOf(request), request.body);
      return reply.status(201).send(presentRole(role, true));
    },
  );

  api.put(
    '/api/access-control/roles/:roleUID',
    {
      config: { permission: can('roles:write', DELEGATE_SCOPE) },
      schema: { params: RoleUidParams, body: UpdateRoleBody, response: { 200: RoleDto } },
    },
    async (request) =>
      presentRole(await roles.update(identityOf(request), request.params.roleUID, request.body), true),
  );

  api.delete(
    '/api/access-control/roles/:roleUID',
    {
      config: { permission: can('roles:delete', DELEGATE_SCOPE) },
      schema: { params: RoleUidParams, querystring: DeleteRoleQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      await roles.delete(identityOf(request), request.params.roleUID, request.query.force === true);
      return message('Role deleted');
    },
  );

  // Users
  api.get(
    '/api/access-control/users/:userId/roles',
    {
      config: { schemaErrors, permission: onUser('users.roles:read') },
      schema: { params: UserParams, querystring: AssignedQuery, response: { 200: RoleList } },
    },
    async (request) =>
      (
        await roles.assigned(
          identityOf(request),
          userOf(request.params.userId),
          request.query.includeHidden === true,
        )
      ).map((r) => presentRole(r, false)),
  );
  api.post(
    '/api/access-control/users/:userId/roles',
    {
      config: { schemaErrors, permission: onUser('users.roles:add') },
      schema: { params: UserParams, body: AddRoleBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { roleUid, global = false } = request.body;
      await roles.assign(identityOf(request), userOf(request.params.userId), roleUid, global);
      return message('Role added to the user.');
    },
  );
  api.put(
    '/api/access-control/users/:userId/roles',
    {
      config: { schemaErrors, permission: onUser('users.roles:add', 'users.roles:remove') },
      schema: { params: UserParams, body: SetRolesBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { roleUids, global = false } = request.body;
      await roles.replace(identityOf(request), userOf(request.params.userId), roleUids, global);
      return message('User roles have been updated.');
    },
  );
  api.delete(
    '/api/access-control/users/:userId/roles/:roleUID',
    {
      config: { schemaErrors, permission: onUser('users.roles:remove') },
      schema: { params: UserRoleParams, querystring: GlobalQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { userId, roleUID } = request.params;
      await roles.unassign(identityOf(request), userOf(userId), roleUID, request.query.global === true);
      return message('Role removed from user.');
    },
  );

  // Teams
  api.get(
    '/api/access-control/teams/:teamId/roles',
    {
      config: { schemaErrors, permission: onTeam('teams.roles:read') },
      schema: { params: TeamParams, querystring: AssignedQuery, response: { 200: RoleList } },
    },
    async (request) =>
      (
        await roles.assigned(
          identityOf(request),
          teamOf(request.params.teamId),
          request.query.includeHidden === true,
        )
      ).map((r) => presentRole(r, false)),
  );
  api.post(
    '/api/access-control/teams/:teamId/roles',
    {
      config: { schemaErrors, permission: onTeam('teams.roles:add') },
      schema: { params: TeamParams, body: AddRoleBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await roles.assign(identityOf(request), teamOf(request.params.teamId), request.body.roleUid, false);
      return message('Role added to the team.');
    },
  );
  api.put(
    '/api/access-control/teams/:teamId/roles',
    {
      config: { schemaErrors, permission: onTeam('teams.roles:add', 'teams.roles:remove') },
      schema: { params: TeamParams, body: SetRolesBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await roles.replace(identityOf(request), teamOf(request.params.teamId), request.body.roleUids, false);
      return message('Team roles have been updated.');
    },
  );
  api.delete(
    '/api/access-control/teams/:teamId/roles/:roleUID',
    {
      config: { schemaErrors, permission: onTeam('teams.roles:remove') },
      schema: { params: TeamRoleParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { teamId, roleUID } = request.params;
      await roles.unassign(identityOf(request), teamOf(teamId), roleUID, false);
      return message('Role removed from team.');
    },
  );

  // Basic (built-in) roles
  api.get(
    '/api/access-control/builtin-roles',
    {
      config: { permission: can('roles.builtin:list') },
      schema: { querystring: AssignedQuery, response: { 200: BuiltInRolesResponse } },
    },
    async (request) => {
      const map = await roles.builtInAssignments(identityOf(request), request.query.includeHidden === true);
      return Object.fromEntries(
        Object.entries(map).map(([role, list]) => [role, list.map((r) => presentRole(r, false))]),
      );
    },
  );
  api.post(
    '/api/access-control/builtin-roles',
    {
      config: { permission: can('roles.builtin:add', DELEGATE_SCOPE) },
      schema: { body: BuiltInRoleBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { roleUid, builtInRole, global = false } = request.body;
      await roles.grantToBuiltIn(identityOf(request), builtInRole, roleUid, global);
      return message('Built-in role grant added');
    },
  );
  api.delete(
    '/api/access-control/builtin-roles/:builtinRole/roles/:roleUID',
    {
      config: { permission: can('roles.builtin:remove', DELEGATE_SCOPE) },
      schema: { params: BuiltInRoleParams, querystring: GlobalQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { builtinRole, roleUID } = request.params;
      await roles.revokeFromBuiltIn(identityOf(request), builtinRole, roleUID, request.query.global === true);
      return message('Built-in role grant removed');
    },
  );
}
