import type { Clock } from '../../lib/clock.js';
import { invalidLevel, unknownResource } from './rbac.errors.js';
import type { Principal, RbacStore } from './rbac.store.js';
import { levelOf, resourceKind, type ResourceKind } from './resource-levels.js';

export interface ResourcePermission {
  principal: Principal;
  /** the managed role holding it, e.g. `managed:users:7:permissions` */
  roleName: string;
  /** id of its first permission row */
  id: number;
  /** '' when the actions match no level exactly */
  level: string;
  actions: string[];
}

/**
 * Resource permissions (who may View/Edit/Admin one dashboard, folder, data source, …), stored as
 * managed roles. Features call this when they create and delete resources; the access-control API
 * lets admins change them.
 */
export function createResourcePermissions(deps: { store: RbacStore; clock: Clock }) {
  const { store, clock } = deps;
  /** How the feature owning each kind of resource tells whether one exists in an org. */
  const existence = new Map<string, (orgId: number, id: string) => Promise<boolean>>();

  function kindOf(resource: string): ResourceKind {
    const kind = resourceKind(resource);
    if (!kind) throw unknownResource();
    return kind;
  }

  return {
    /** The owner of a kind of resource says how to check that one exists (else: 404 on the API). */
    declareExistence(resource: string, exists: (orgId: number, id: string) => Promise<boolean>): void {
      existence.set(resource, exists);
    },

    /** Whether a resource exists; a kind whose owner declared no check is taken on trust. */
    async exists(orgId: number, resource: string, id: string): Promise<boolean> {
      const check = existence.get(kindOf(resource).resource);
      return check ? check(orgId, id) : true;
    },

    /** Sets (or with level '' removes) what a principal may do on one resource. */
    async set(
      orgId: number,
      resource: string,
      id: string,
      principal: Principal,
      level: string,
    ): Promise<void> {
      const kind = kindOf(resource);
      const actions = level === '' ? [] : kind.levels[level];
      if (!actions) throw invalidLevel(level, Object.keys(kind.levels));
      await store.setScopeActions(orgId, principal, kind.scopePrefix + id, actions, clock.now());
    },

    async list(orgId: number, resource: string, id: string): Promise<ResourcePermission[]> {
      const kind = kindOf(resource);
      const grants = await store.grantsOnScope(orgId, kind.scopePrefix + id);
      return grants.map((grant) => ({ ...grant, level: levelOf(kind, grant.actions) }));
    },

    /** Forgets every permission on a resource that no longer exists. */
    deleteResource(orgId: number, resource: string, id: string): Promise<void> {
      return this.deleteResources(orgId, resource, [id]);
    },

    /** Forgets every permission on resources that no longer exist. */
    async deleteResources(orgId: number, resource: string, ids: string[]): Promise<void> {
      const prefix = kindOf(resource).scopePrefix;
      await store.deleteScopes(
        orgId,
        ids.map((id) => prefix + id),
      );
    },

    /**
     * Grafana's defaults for a new resource: its creator gets Admin; at the root, Editors get Edit
     * and Viewers View (nested resources inherit from their folder instead).
     */
    async grantDefaults(
      orgId: number,
      resource: string,
      id: string,
      creatorUserId: number | null,
      root: boolean,
    ): Promise<void> {
      const kind = kindOf(resource);
      if (creatorUserId !== null && kind.levels.Admin)
        await this.set(orgId, resource, id, { kind: 'user', id: creatorUserId }, 'Admin');
      if (!root) return;
      if (kind.levels.Edit) await this.set(orgId, resource, id, { kind: 'builtin', role: 'Editor' }, 'Edit');
      if (kind.levels.View) await this.set(orgId, resource, id, { kind: 'builtin', role: 'Viewer' }, 'View');
    },
  };
}

export type ResourcePermissions = ReturnType<typeof createResourcePermissions>;
