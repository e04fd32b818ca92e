import type { Permission } from '../../access/evaluator.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { invalidLevel, unknownResource } from './rbac.errors.js';
import { invalidatingOnly, partKeysOf, resourcePartKey } from './permission-cache.js';
import { INDEXED_PREFIX, managedRoleName, type RbacStore } from './rbac.store.js';
import {
  levelOf,
  resourceKind,
  type LevelGrant,
  type Principal,
  type ResourceKind,
} from '../../access/resource-levels.js';

/**
 * Grants the owner of a kind of resource derives by rule instead of storing them (a dashboard's
 * defaults). They are listed with the stored ones; when a permission of their principal is set
 * they become stored grants, so every later change to it is an ordinary one.
 */
export interface DerivedGrants {
  /** the derived grants on one resource, in the order Grafana would have written them */
  on(orgId: number, id: string): Promise<LevelGrant[]>;
  /**
   * Before a permission of `principal` is set: stops deriving the grants that change would
   * contradict and returns them (inside the caller's unit of work) to be stored.
   */
  take(orgId: number, id: string, principal: Principal): Promise<LevelGrant[]>;
  /** what the caller holds by rule on every resource of the kind, for listing its permissions */
  heldBy(identity: Identity): Promise<Permission[]>;
}

export interface ResourcePermission {
  principal: Principal;
  /** the managed role holding it, e.g. `managed:users:7:permissions` */
  roleName: string;
  /** id of its first permission row; 0 for a derived grant, which has none */
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
  const derivedGrants = new Map<string, DerivedGrants>();

  function kindOf(resource: string): ResourceKind {
    const kind = resourceKind(resource);
    if (!kind) throw unknownResource();
    return kind;
  }

  return {
    /** Runs several changes as one unit of work (set-many): all of them or none. */
    inUnit<T>(work: () => Promise<T>): Promise<T> {
      return store.inUnit(work);
    },

    /** The owner of a kind of resource says how to check that one exists (else: 404 on the API). */
    declareExistence(resource: string, exists: (orgId: number, id: string) => Promise<boolean>): void {
      existence.set(resource, exists);
    },

    /** The owner of a kind of resource derives some of its grants by rule (see DerivedGrants). */
    declareDerivedGrants(resource: string, derived: DerivedGrants): void {
      derivedGrants.set(resource, derived);
    },

    /** What the caller holds by rule on resources of every kind, for listing its permissions. */
    async derivedHeldBy(identity: Identity): Promise<Permission[]> {
      const held = await Promise.all([...derivedGrants.values()].map((derived) => derived.heldBy(identity)));
      return held.flat();
    },

    /** Whether a resource exists; a kind whose owner declared no check is taken on trust. */
    async exists(orgId: number, resource: string, id: string): Promise<boolean> {
      const check = existence.get(kindOf(resource).resource);
      return check ? check(orgId, id) : true;
    },

    /**
     * Sets (or with level '' removes) what a principal may do on one resource. A grant the owner
     * derived for the same principal is stored first, in the same unit of work, and stops being
     * derived.
     */
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
      const derived = derivedGrants.get(kind.resource);
      const scope = kind.scopePrefix + id;
      // Cached permissions change for this one resource when its grants are indexed, else for these
      // principals only (and those of stored derived grants).
      const indexed = scope.startsWith(INDEXED_PREFIX);
      const parts = indexed ? [resourcePartKey(orgId, scope)] : partKeysOf(orgId, principal);
      await invalidatingOnly(parts, () =>
        store.inUnit(async () => {
          const now = clock.now();
          for (const grant of derived ? await derived.take(orgId, id, principal) : []) {
            if (!indexed) parts.push(...partKeysOf(orgId, grant.principal));
            const granted = kind.levels[grant.level] ?? [];
            await store.setScopeActions(orgId, grant.principal, scope, granted, now);
          }
          await store.setScopeActions(orgId, principal, scope, actions, now);
        }),
      );
    },

    /** Derived grants first (they were given when the resource was created), then stored ones. */
    async list(orgId: number, resource: string, id: string): Promise<ResourcePermission[]> {
      const kind = kindOf(resource);
      const derived = derivedGrants.get(kind.resource);
      const [byRule, grants] = await Promise.all([
        derived ? derived.on(orgId, id) : [],
        store.grantsOnScope(orgId, kind.scopePrefix + id),
      ]);
      return [
        ...byRule.map(({ principal, level }) => ({
          principal,
          roleName: managedRoleName(principal),
          id: 0,
          level,
          actions: kind.levels[level] ?? [],
        })),
        ...grants.map((grant) => ({ ...grant, level: levelOf(kind, grant.actions) })),
      ];
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
