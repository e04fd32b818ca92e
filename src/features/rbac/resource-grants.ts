import type { Permission } from '../../access/evaluator.js';
import type { Principal } from '../../access/resource-levels.js';
import { currentUnit } from '../../store/transaction.js';
import { anyResourcePartKey, type PermissionCache } from './permission-cache.js';
import { managedRoleName, type RbacStore } from './rbac.store.js';

/**
 * Who holds which actions on one indexed resource, as cached: the managed roles' names and each
 * one's actions. Names and action lists are shared between resources, so a dashboard with 15 team
 * grants holds 15 references to each, not 15 objects with their own strings.
 */
interface ResourceGrants {
  roleNames: readonly string[];
  actions: readonly (readonly string[])[];
}

/**
 * Uncached resources a question loads every grant of at once (a save or two since the last
 * search). More are asked about the caller only, in SQL, and loaded for the next one in the
 * background: every grant of 500 dashboards is about 20 000 rows, five times the work.
 */
const LOAD_NOW = 50;
/** Strings a pool holds before it starts over: pools only save memory, equal strings match either way. */
const POOL_SIZE = 10_000;

const keyOf = (orgId: number, scope: string) => `${orgId}|${scope}`;
const scopeOf = (key: string) => key.slice(key.indexOf('|') + 1);

function holds(grants: ResourceGrants, roles: ReadonlySet<string>, action: string): boolean {
  return grants.roleNames.some((name, i) => roles.has(name) && grants.actions[i]!.includes(action));
}

/**
 * The grants on single indexed resources (a dashboard's managed grants), cached per resource in
 * the permission cache's `resource` section: for single checks, and for the questions of lists and
 * searches, whose first pages are the same dashboards for every caller.
 */
export function createResourceGrants(deps: { store: RbacStore; cache?: PermissionCache }) {
  const { store, cache } = deps;
  const names = new Map<string, string>();
  const actionLists = new Map<string, readonly string[]>();
  function pooled<T>(pool: Map<string, T>, key: string, value: T): T {
    const found = pool.get(key);
    if (found !== undefined) return found;
    if (pool.size >= POOL_SIZE) pool.clear();
    pool.set(key, value);
    return value;
  }

  async function load(orgId: number, keys: string[]): Promise<Map<string, ResourceGrants>> {
    const grants = await store.grantsOnScopes(orgId, keys.map(scopeOf));
    return new Map(
      keys.map((key) => {
        const onScope = grants.get(scopeOf(key)) ?? [];
        return [
          key,
          {
            roleNames: onScope.map((g) => pooled(names, g.roleName, g.roleName)),
            actions: onScope.map((g) => pooled(actionLists, g.actions.join(' '), g.actions)),
          },
        ];
      }),
    );
  }

  let warming = false;
  /**
   * Loads `keys` into the cache without anybody waiting: one load at a time, and never from a
   * unit of work, whose transaction the query would join and may outlive. A failed load only
   * leaves the cache cold.
   */
  function warm(orgId: number, keys: string[]): void {
    if (warming || currentUnit() || !cache) return;
    warming = true;
    cache
      .getMany('resource', keys, (missing) => load(orgId, missing))
      .catch(() => undefined)
      .finally(() => {
        warming = false;
      });
  }

  return {
    /** The actions `principals` hold on one resource through its grants. */
    async actionsOn(orgId: number, scope: string, principals: Principal[]): Promise<Set<string>> {
      const key = keyOf(orgId, scope);
      const loadOne = async () => (await load(orgId, [key])).get(key)!;
      const grants = cache ? await cache.get('resource', key, loadOne) : await loadOne();
      const roles = new Set(principals.map(managedRoleName));
      const held = new Set<string>();
      grants.roleNames.forEach((name, i) => {
        if (roles.has(name)) for (const action of grants.actions[i]!) held.add(action);
      });
      return held;
    },

    /** The grants of `action` that `principals` hold among `scopes`, as `{ action, scope }`. */
    async grantsAmong(
      orgId: number,
      principals: Principal[],
      action: string,
      scopes: string[],
    ): Promise<Permission[]> {
      if (!cache?.serving) return store.indexedGrantsOf(orgId, principals, action, scopes);
      // An org whose dashboards have no grants of their own (folder grants only, as Grafana
      // advises) answers without a lookup per dashboard.
      const { key } = anyResourcePartKey(orgId);
      if (!(await cache.get('resource', key, () => store.hasIndexedGrants(orgId)))) return [];
      const roles = new Set(principals.map(managedRoleName));
      const { found, missing } = cache.peekMany<ResourceGrants>(
        'resource',
        scopes.map((scope) => keyOf(orgId, scope)),
      );
      const granted: Permission[] = [];
      if (missing.length > LOAD_NOW) {
        granted.push(...(await store.indexedGrantsOf(orgId, principals, action, missing.map(scopeOf))));
        warm(orgId, missing);
      } else if (missing.length > 0) {
        for (const [key, grants] of await cache.getMany('resource', missing, (keys) => load(orgId, keys)))
          found.set(key, grants);
      }
      for (const [key, grants] of found)
        if (holds(grants, roles, action)) granted.push({ action, scope: scopeOf(key) });
      return granted;
    },
  };
}
