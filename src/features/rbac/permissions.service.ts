import type { PermissionSource } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { OrgRole } from '../../access/org-role.js';
import { basicRolePermissions } from './basic-roles.js';
import { toPermissionMap, type Permission, type PermissionMap } from '../../access/evaluator.js';
import type { PermissionCache } from './permission-cache.js';
import type { RbacStore } from './rbac.store.js';

/** Basic roles whose stored grants (`builtin_role`) a role also receives: Viewer ⊂ Editor ⊂ Admin. */
const WITH_PARENTS: Record<OrgRole | 'Grafana Admin', string[]> = {
  None: ['None'],
  Viewer: ['Viewer'],
  Editor: ['Editor', 'Viewer'],
  Admin: ['Admin', 'Editor', 'Viewer'],
  'Grafana Admin': ['Grafana Admin'],
};

/**
 * Permissions of a caller: each of its basic roles in the org (its org role, plus Grafana Admin
 * for a server admin; static fixed-role grants plus stored `builtin_role` grants), the roles of
 * its teams, its own roles (custom, managed, external-service), and `orgs:create` for everybody
 * when `[users] allow_org_create` is on. With a cache, each part is cached on its own (Grafana's
 * basic role + org, team + org, user + org) and the merge per caller on top.
 */
export function createPermissionSource(options: {
  allowOrgCreate: boolean;
  store: RbacStore;
  cache?: PermissionCache;
}): PermissionSource {
  const { store } = options;
  const extra: Permission[] = options.allowOrgCreate ? [{ action: 'orgs:create', scope: '' }] : [];
  const cached = <T>(
    section: 'basic' | 'team' | 'user' | 'merged',
    key: string,
    load: () => Promise<T>,
    reload: boolean,
  ): Promise<T> => (options.cache ? options.cache.get(section, key, load, reload) : load());

  function basicPart(role: OrgRole | 'Grafana Admin', orgId: number, reload: boolean) {
    return cached(
      'basic',
      `${role}|${orgId}`,
      async () => [
        ...basicRolePermissions(role),
        ...(await store.basicRolePermissions(orgId, WITH_PARENTS[role])),
      ],
      reload,
    );
  }

  async function load(identity: Identity, reload: boolean): Promise<PermissionMap> {
    const { userId, orgId } = identity;
    const roles: (OrgRole | 'Grafana Admin')[] = [identity.orgRole];
    if (identity.isServerAdmin) roles.push('Grafana Admin');
    const [basic, own] = await Promise.all([
      Promise.all(roles.map((role) => basicPart(role, orgId, reload))),
      cached(
        'user',
        `${userId}|${orgId}`,
        async () => {
          const [permissions, teamIds] = await Promise.all([
            store.userPermissions(userId, orgId),
            store.teamIdsOf(userId, orgId),
          ]);
          return { permissions, teamIds };
        },
        reload,
      ),
    ]);
    const teams = await Promise.all(
      own.teamIds.map((teamId) =>
        cached('team', `${teamId}|${orgId}`, () => store.teamPermissions(teamId, orgId), reload),
      ),
    );
    return toPermissionMap([...basic.flat(), ...teams.flat(), ...own.permissions, ...extra]);
  }

  return {
    permissionsOf(identity, { reload = false } = {}) {
      const key = `${identity.userId}|${identity.orgId}|${identity.orgRole}|${identity.isServerAdmin}`;
      return cached('merged', key, () => load(identity, reload), reload);
    },
  };
}
