import type { PermissionSource } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { OrgRole } from '../../access/org-role.js';
import { basicRolePermissions } from './basic-roles.js';
import { toPermissionMap, type Permission, type PermissionMap } from '../../access/evaluator.js';
import type { PermissionCache } from './permission-cache.js';
import { INDEXED_PREFIX, type RbacStore } from './rbac.store.js';
import type { Principal } from '../../access/resource-levels.js';
import { currentUnit } from '../../store/transaction.js';
import { createResourceGrants } from './resource-grants.js';

/** Team parts asked for in one tick, loaded by one query when the tick ends. */
interface TeamBatch {
  ids: number[];
  loaded: Promise<Map<number, Permission[]>>;
}

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
  const resourceGrants = createResourceGrants({ store, cache: options.cache });
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

  /**
   * Team parts that missed the cache in the same tick (a caller's teams, all at once) load in one
   * query: a caller in 300 teams cost 300 queries per request wherever the cache cannot serve
   * (several instances without Redis). Batches are per org and per unit of work: the query runs
   * in the first caller's context, which must be every caller's.
   */
  const outsideUnits = new Map<number, TeamBatch>();
  const inUnits = new WeakMap<object, Map<number, TeamBatch>>();
  function batchesHere(): Map<number, TeamBatch> {
    const unit = currentUnit();
    if (!unit) return outsideUnits;
    let batches = inUnits.get(unit);
    if (!batches) inUnits.set(unit, (batches = new Map<number, TeamBatch>()));
    return batches;
  }
  function teamPart(teamId: number, orgId: number): Promise<Permission[]> {
    const batches = batchesHere();
    let batch = batches.get(orgId);
    if (!batch) {
      const ids: number[] = [];
      const loaded = Promise.resolve().then(() => {
        batches.delete(orgId);
        return store.teamPermissions(ids, orgId);
      });
      batches.set(orgId, (batch = { ids, loaded }));
    }
    batch.ids.push(teamId);
    return batch.loaded.then((byTeam) => byTeam.get(teamId) ?? []);
  }

  function ownPart(identity: Identity, reload: boolean) {
    const { userId, orgId } = identity;
    return cached(
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
    );
  }

  /** Who the caller is for grants on single resources: itself, its teams, its basic roles. */
  async function principalsOf(identity: Identity): Promise<Principal[]> {
    const { teamIds } = await ownPart(identity, false);
    return [
      { kind: 'user', id: identity.userId },
      ...teamIds.map((id): Principal => ({ kind: 'team', id })),
      ...basicRolesOf(identity).flatMap((role) =>
        WITH_PARENTS[role].map((r): Principal => ({ kind: 'builtin', role: r })),
      ),
    ];
  }

  async function load(identity: Identity, reload: boolean): Promise<PermissionMap> {
    const { orgId } = identity;
    const [basic, own] = await Promise.all([
      Promise.all(basicRolesOf(identity).map((role) => basicPart(role, orgId, reload))),
      ownPart(identity, reload),
    ]);
    const teams = await Promise.all(
      own.teamIds.map((teamId) =>
        cached('team', `${teamId}|${orgId}`, () => teamPart(teamId, orgId), reload),
      ),
    );
    return toPermissionMap([...basic.flat(), ...teams.flat(), ...own.permissions, ...extra]);
  }

  const mergedKey = (identity: Identity) =>
    `${identity.userId}|${identity.orgId}|${identity.orgRole}|${identity.isServerAdmin}`;

  return {
    permissionsOf(identity, { reload = false } = {}) {
      return cached('merged', mergedKey(identity), () => load(identity, reload), reload);
    },

    cachedPermissionsOf: (identity) => options.cache?.peek<PermissionMap>('merged', mergedKey(identity)),

    indexedPrefix: INDEXED_PREFIX,

    async actionsOn(identity, scope) {
      return resourceGrants.actionsOn(identity.orgId, scope, await principalsOf(identity));
    },

    async indexedGrantsOf(identity, action, scopes) {
      const principals = await principalsOf(identity);
      if (action !== undefined && scopes !== undefined)
        return resourceGrants.grantsAmong(identity.orgId, principals, action, scopes);
      return store.indexedGrantsOf(identity.orgId, principals, action, scopes);
    },
  };
}

/** The caller's basic roles in its org: its org role, and Grafana Admin for a server admin. */
function basicRolesOf(identity: Identity): (OrgRole | 'Grafana Admin')[] {
  return identity.isServerAdmin ? [identity.orgRole, 'Grafana Admin'] : [identity.orgRole];
}
