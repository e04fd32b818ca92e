import type { Identity } from '../../http/identity.js';
import { basicPermissionMap, type OrgRole } from './basic-roles.js';
import { toPermissionMap, type PermissionMap } from './evaluator.js';
import type { RbacStore } from './rbac.store.js';

export interface PermissionSource {
  permissionsOf(identity: Identity): Promise<PermissionMap>;
}

const INHERITED: Record<OrgRole, string[]> = {
  None: ['None'],
  Viewer: ['Viewer'],
  Editor: ['Editor', 'Viewer'],
  Admin: ['Admin', 'Editor', 'Viewer'],
};

/**
 * Permissions of a caller: its basic role in the org (plus Grafana Admin's when it is a server
 * admin, and `orgs:create` for everybody when `[users] allow_org_create` is on), and whatever
 * stored roles give it — roles of its basic roles, its own, its teams', and managed resource
 * permissions.
 */
export function createPermissionSource(options: {
  allowOrgCreate: boolean;
  store: RbacStore;
}): PermissionSource {
  return {
    async permissionsOf(identity) {
      const basic = basicPermissionMap(identity.orgRole, identity.isServerAdmin);
      const basicRoles = [
        ...INHERITED[identity.orgRole],
        ...(identity.isServerAdmin ? ['Grafana Admin'] : []),
      ];
      const stored = await options.store.permissionsOf(identity.userId, identity.orgId, basicRoles);
      const extra = options.allowOrgCreate ? [{ action: 'orgs:create', scope: '' }] : [];
      if (!stored.length && !extra.length) return basic;
      const entries = [...basic].flatMap(([action, scopes]) => scopes.map((scope) => ({ action, scope })));
      return toPermissionMap([...entries, ...stored, ...extra]);
    },
  };
}
