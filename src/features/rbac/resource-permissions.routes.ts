import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { allOf, can, type Evaluator } from '../../access/evaluator.js';
import { invalidId } from './rbac.errors.js';
import {
  MessageResponse,
  ResourceBuiltInParams,
  ResourceDescriptionParams,
  ResourceDescriptionResponse,
  ResourceParams,
  ResourcePermissionList,
  ResourceTeamParams,
  ResourceUserParams,
  SetPermissionBody,
  SetPermissionsBody,
} from './rbac.schema.js';
import { resourceKind } from '../../access/resource-levels.js';
import type { ResourcePermissionsApi } from './resource-permissions-api.service.js';

/**
 * `<resource>.permissions:read|write` on the resource's scope, e.g. `dashboards.permissions:write`
 * on `dashboards:uid:abc`. An unknown resource needs nothing more than a signed-in caller: it
 * answers 404 either way.
 */
const onResource =
  (verb: 'read' | 'write') =>
  (request: FastifyRequest): Evaluator => {
    const { resource, resourceId } = request.params as { resource: string; resourceId: string };
    const kind = resourceKind(resource);
    return kind ? can(`${resource}.permissions:${verb}`, kind.scopePrefix + resourceId) : allOf();
  };

/** Grafana's answers for a user or team id that is not a number the column holds. */
const schemaErrors = {
  'params.userId': () => invalidId('userId'),
  'params.teamId': () => invalidId('teamId'),
};

/** Grafana's generic resource-permission endpoints: /api/access-control/<resource>/<id>… */
export function registerResourcePermissionsRoutes(api: Api, permissions: ResourcePermissionsApi): void {
  api.get(
    '/api/access-control/:resource/description',
    { schema: { params: ResourceDescriptionParams, response: { 200: ResourceDescriptionResponse } } },
    (request) => permissions.describe(request.params.resource),
  );

  api.get(
    '/api/access-control/:resource/:resourceId',
    {
      config: { permission: onResource('read') },
      schema: { params: ResourceParams, response: { 200: ResourcePermissionList } },
    },
    (request) => permissions.list(identityOf(request), request.params.resource, request.params.resourceId),
  );

  // Grafana's set-many: several principals at once, in one unit of work (others keep theirs)
  api.post(
    '/api/access-control/:resource/:resourceId',
    {
      config: { permission: onResource('write') },
      schema: { params: ResourceParams, body: SetPermissionsBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { resource, resourceId } = request.params;
      await permissions.setMany(identityOf(request), resource, resourceId, request.body.permissions);
      return message('Permissions updated');
    },
  );

  api.post(
    '/api/access-control/:resource/:resourceId/users/:userId',
    {
      config: { schemaErrors, permission: onResource('write') },
      schema: { params: ResourceUserParams, body: SetPermissionBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { resource, resourceId, userId } = request.params;
      await permissions.setUser(identityOf(request), resource, resourceId, userId, request.body.permission);
      return message('Permission updated');
    },
  );

  api.post(
    '/api/access-control/:resource/:resourceId/teams/:teamId',
    {
      config: { schemaErrors, permission: onResource('write') },
      schema: { params: ResourceTeamParams, body: SetPermissionBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { resource, resourceId, teamId } = request.params;
      await permissions.setTeam(identityOf(request), resource, resourceId, teamId, request.body.permission);
      return message('Permission updated');
    },
  );

  api.post(
    '/api/access-control/:resource/:resourceId/builtInRoles/:builtInRole',
    {
      config: { schemaErrors, permission: onResource('write') },
      schema: { params: ResourceBuiltInParams, body: SetPermissionBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { resource, resourceId, builtInRole } = request.params;
      await permissions.setBuiltInRole(
        identityOf(request),
        resource,
        resourceId,
        builtInRole,
        request.body.permission,
      );
      return message('Permission updated');
    },
  );
}
