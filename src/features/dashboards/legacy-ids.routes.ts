import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import { Id, isStorableId } from '../../lib/limits.js';
import { dashboardNotFound, invalidDashboardId, invalidVersionId } from './dashboards.errors.js';
import {
  MessageResponse,
  PermissionsResponse,
  RestoreBody,
  SaveDashboardResponse,
  UpdatePermissionsBody,
  VersionsQuery,
  VersionsResponse,
  VersionWithDataResponse,
} from './dashboards.schema.js';
import type { DashboardsService } from './dashboards.service.js';
import { jsonText, versionsPage } from './dashboards.routes.js';
import { folderNotFound, invalidFolderId } from './folders/folders.errors.js';
import { FolderResponse } from './folders/folders.schema.js';
import type { FoldersService } from './folders/folders.service.js';
import type { PermissionTargets } from './permissions/legacy-permissions.routes.js';
import type { LegacyPermissions } from './permissions/legacy-permissions.service.js';

/*
 * Grafana compat: the deprecated numeric-id routes Grafana 12 still serves. Each is checked with
 * the same action as its uid twin, on `dashboards:id:<id>` / `folders:id:<id>`, which the
 * dashboards feature resolves to the uid scope and the folder chain (dashboards.feature.ts): an
 * unknown id is 404 for everybody, as an unknown uid is; then the uid route's service call.
 */

const DashboardIdParams = Type.Object({ dashboardId: Id() });
const DashboardIdVersionParams = Type.Object({ dashboardId: Id(), id: Id() });
const FolderIdParams = Type.Object({ folderId: Id() });

const onDashboardId = (action: string) => (request: FastifyRequest) =>
  can(action, `dashboards:id:${(request.params as { dashboardId: string }).dashboardId}`);
const onFolderId = (action: string) => (request: FastifyRequest) =>
  can(action, `folders:id:${(request.params as { folderId: string }).folderId}`);

/** The numeric id of a `dashboards:id:` or `folders:id:` scope; undefined when it is no id. */
export function idOfScope(scope: string, prefix: string): number | undefined {
  const text = scope.slice(prefix.length);
  const id = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  return isStorableId(id) && id > 0 ? id : undefined;
}

export function registerLegacyIdRoutes(
  api: Api,
  deps: {
    dashboards: DashboardsService;
    folders: FoldersService;
    folderUidOfId(orgId: number, id: number): Promise<string | undefined>;
    permissions: LegacyPermissions;
    permissionTargets: Pick<PermissionTargets, 'dashboard'>;
  },
): void {
  const { dashboards, folders } = deps;
  const uidOf = async (orgId: number, id: number) => {
    const uid = await dashboards.lookup.uidOfId(orgId, id);
    if (uid === undefined) throw dashboardNotFound();
    return uid;
  };

  // Grafana compat: reading versions needs dashboards:write, as on the uid routes.
  api.get(
    '/api/dashboards/id/:dashboardId/versions',
    {
      config: {
        permission: onDashboardId('dashboards:write'),
        schemaErrors: { 'params.dashboardId': invalidDashboardId },
      },
      schema: { params: DashboardIdParams, querystring: VersionsQuery, response: { 200: VersionsResponse } },
    },
    async (request) => {
      const identity = identityOf(request);
      const uid = await uidOf(identity.orgId, request.params.dashboardId);
      const versions = await dashboards.versions(identity, uid, versionsPage(request.query));
      return { versions, continueToken: '' };
    },
  );

  api.get(
    '/api/dashboards/id/:dashboardId/versions/:id',
    {
      config: {
        permission: onDashboardId('dashboards:write'),
        schemaErrors: { 'params.dashboardId': invalidDashboardId, 'params.id': invalidVersionId },
      },
      // pre-serialised text, sent as it is
      schema: { params: DashboardIdVersionParams, response: { 200: VersionWithDataResponse } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const uid = await uidOf(identity.orgId, request.params.dashboardId);
      return reply
        .type('application/json')
        .send(jsonText(await dashboards.versionJson(identity, uid, request.params.id)));
    },
  );

  api.post(
    '/api/dashboards/id/:dashboardId/restore',
    {
      config: {
        permission: onDashboardId('dashboards:write'),
        schemaErrors: { 'params.dashboardId': invalidDashboardId },
      },
      schema: { params: DashboardIdParams, body: RestoreBody, response: { 200: SaveDashboardResponse } },
    },
    async (request) => {
      const identity = identityOf(request);
      const uid = await uidOf(identity.orgId, request.params.dashboardId);
      return dashboards.restore(identity, uid, request.body.version);
    },
  );

  api.get(
    '/api/dashboards/id/:dashboardId/permissions',
    {
      config: {
        permission: onDashboardId('dashboards.permissions:read'),
        schemaErrors: { 'params.dashboardId': invalidDashboardId },
      },
      schema: { params: DashboardIdParams, response: { 200: PermissionsResponse } },
    },
    async (request) => {
      const { orgId } = identityOf(request);
      const uid = await uidOf(orgId, request.params.dashboardId);
      const { target, inherited } = await deps.permissionTargets.dashboard(orgId, uid);
      return deps.permissions.list(orgId, target, inherited);
    },
  );

  api.post(
    '/api/dashboards/id/:dashboardId/permissions',
    {
      config: {
        permission: onDashboardId('dashboards.permissions:write'),
        schemaErrors: { 'params.dashboardId': invalidDashboardId },
      },
      schema: { params: DashboardIdParams, body: UpdatePermissionsBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { orgId } = identityOf(request);
      const uid = await uidOf(orgId, request.params.dashboardId);
      const { target } = await deps.permissionTargets.dashboard(orgId, uid);
      await deps.permissions.replace(orgId, target, request.body.items);
      return message('Dashboard permissions updated');
    },
  );

  api.get(
    '/api/folders/id/:folderId',
    {
      config: {
        permission: onFolderId('folders:read'),
        schemaErrors: { 'params.folderId': invalidFolderId },
      },
      schema: { params: FolderIdParams, response: { 200: FolderResponse } },
    },
    async (request) => {
      const identity = identityOf(request);
      const uid = await deps.folderUidOfId(identity.orgId, request.params.folderId);
      if (uid === undefined) throw folderNotFound();
      return folders.get(identity, uid);
    },
  );
}
