import type { Identity } from '../../http/identity.js';
import { basicPermissionMap } from './basic-roles.js';
import { toPermissionMap, type PermissionMap } from './evaluator.js';

export interface PermissionSource {
  permissionsOf(identity: Identity): Promise<PermissionMap>;
}

/**
 * Permissions of a caller: its basic role in the org plus Grafana Admin's when it is a server admin,
 * and `orgs:create` for everybody when `[users] allow_org_create` is on.
 */
export function createPermissionSource(options: { allowOrgCreate: boolean }): PermissionSource {
  const withOrgCreate = new Map<PermissionMap, PermissionMap>();
  return {
    permissionsOf(identity) {
      const basic = basicPermissionMap(identity.orgRole, identity.isServerAdmin);
      if (!options.allowOrgCreate || basic.has('orgs:create')) return Promise.resolve(basic);
      let extended = withOrgCreate.get(basic);
      if (!extended) {
        const entries = [...basic].flatMap(([action, scopes]) => scopes.map((scope) => ({ action, scope })));
        extended = toPermissionMap([...entries, { action: 'orgs:create', scope: '' }]);
        withOrgCreate.set(basic, extended);
      }
      return Promise.resolve(extended);
    },
  };
}
