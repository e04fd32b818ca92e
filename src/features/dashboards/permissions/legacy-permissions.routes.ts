import type { Api } from '../../../http/api.js';
import { message } from '../../../http/api.js';
import { identityOf } from '../../../access/identity.js';
import {
  MessageResponse,
  PermissionsResponse,
  UidParams,
  UpdatePermissionsBody,
} from '../dashboards.schema.js';
import { onDashboard } from '../dashboards.routes.js';
import { onFolder } from '../folders/folders.routes.js';
import type { LegacyPermissions, PermissionTarget } from './legacy-permissions.service.js';

export interface PermissionTargets {
  /** the dashboard and the folders it inherits from (nearest first); 404 when unknown */
  dashboard(orgId: number, uid: string): Promise<{ target: PermissionTarget; inherited: PermissionTarget[] }>;
  folder(orgId: number, uid: string): Promise<{ target: PermissionTarget; inherited: PermissionTarget[] }>;
}

/** /api/dashboards/uid/{uid}/permissions and /api/folders/{uid}/permissions (legacy levels 1/2/4). */
export function registerLegacyPermissionsRoutes(
  api: Api,
  permissions: LegacyPermissions,
  targets: PermissionTargets,
) {
  for (const kind of ['dashboard', 'folder'] as const) {
    const path =
      kind === 'dashboard' ? '/api/dashboards/uid/:uid/permissions' : '/api/folders/:uid/permissions';
    const on = kind === 'dashboard' ? onDashboard : onFolder;
    const prefix = kind === 'dashboard' ? 'dashboards' : 'folders';
    api.get(
      path,
      {
        config: { permission: on(`${prefix}.permissions:read`) },
        schema: { params: UidParams, response: { 200: PermissionsResponse } },
      },
      async (request) => {
        const orgId = identityOf(request).orgId;
        const { target, inherited } = await targets[kind](orgId, request.params.uid);
        return permissions.list(orgId, target, inherited);
      },
    );
    api.post(
      path,
      {
        config: { permission: on(`${prefix}.permissions:write`) },
        schema: { params: UidParams, body: UpdatePermissionsBody, response: { 200: MessageResponse } },
      },
      async (request) => {
        const orgId = identityOf(request).orgId;
        const { target } = await targets[kind](orgId, request.params.uid);
        await permissions.replace(orgId, target, request.body.items);
        return message(kind === 'dashboard' ? 'Dashboard permissions updated' : 'Folder permissions updated');
      },
    );
  }
}
