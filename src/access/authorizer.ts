import { randomInt } from 'node:crypto';
import type { Identity } from './identity.js';
import { AppError } from '../http/errors.js';
import {
  describeEvaluator,
  evaluate,
  mapScopes,
  type Evaluator,
  type Permission,
  type PermissionMap,
} from './evaluator.js';
import type { Metrics } from '../http/metrics.js';

/** Where the authorizer gets a caller's permissions (the rbac feature's cached source). */
export interface PermissionSource {
  /**
   * What the caller holds apart from grants on single indexed resources: roles, wildcards, folder
   * grants. `reload`: skip cached entries and refresh them (Grafana's `?reloadcache=true`).
   */
  permissionsOf(identity: Identity, options?: { reload?: boolean }): Promise<PermissionMap>;
  /** The same when it is cached now (no I/O, no promise); undefined otherwise. */
  cachedPermissionsOf(identity: Identity): PermissionMap | undefined;
  /** Scopes starting with this (`dashboards:uid:`) are granted one resource at a time: see actionsOn. */
  readonly indexedPrefix: string;
  /** The actions the caller holds on one indexed resource through grants on it alone (cached per resource). */
  actionsOn(identity: Identity, scope: string): Promise<ReadonlySet<string>>;
  /** The caller's grants on indexed resources, optionally of one action and among `scopes` (SQL, for lists). */
  indexedGrantsOf(identity: Identity, action?: string, scopes?: string[]): Promise<Permission[]>;
}

/**
 * Expands a scope into the scopes that also grant it, e.g. `dashboards:uid:X` into X itself plus
 * `folders:uid:<parent>` and every ancestor folder. Registered per scope prefix by the feature
 * that owns the resource.
 */
type ScopeResolver = (scope: string, identity: Identity) => Promise<string[]>;

/**
 * The actions a caller holds on one scope by a rule of the resource's owner rather than by stored
 * grants (a dashboard's default grants: its creator is Admin, at the root Viewers may View).
 */
type DerivedActions = (scope: string, identity: Identity) => Promise<ReadonlySet<string>>;

/**
 * The one place permissions are checked. Routes declare an evaluator; services may call `can()`
 * to filter lists. As in Grafana, the target scopes are tried as given first, and only on a miss
 * resolved (folder inheritance, names and ids to uids) and tried again. A denial is Grafana's 403.
 */
export function createAuthorizer(deps: { permissions: PermissionSource; metrics: Metrics }) {
  const resolvers = new Map<string, ScopeResolver>();
  const derivers = new Map<string, DerivedActions>();
  // Grafana's keyword scope: `users:self` is the caller's own `users:id:<id>`.
  resolvers.set('users:self', (_scope, identity) => Promise.resolve([`users:id:${identity.userId}`]));
  const source = deps.permissions;
  /**
   * Permissions per identity object. The authentication hook gives each request its own identity
   * object, so a request loads its caller's permissions once however many checks it makes.
   */
  const perRequest = new WeakMap<Identity, Promise<PermissionMap>>();

  function permissionsOf(identity: Identity, options: { reload?: boolean } = {}): Promise<PermissionMap> {
    let held = options.reload ? undefined : perRequest.get(identity);
    if (!held) {
      held = source.permissionsOf(identity, options);
      perRequest.set(identity, held);
      held.catch(() => perRequest.delete(identity));
    }
    return held;
  }

  async function resolveScopes(evaluator: Evaluator, identity: Identity): Promise<Evaluator | undefined> {
    const resolved = new Map<string, string[]>();
    const pending: Promise<void>[] = [];
    mapScopes(evaluator, (scope) => {
      const resolver = resolvers.get(prefixOf(scope));
      if (resolver && !resolved.has(scope)) {
        resolved.set(scope, [scope]);
        pending.push(
          resolver(scope, identity).then((scopes) => void resolved.set(scope, [scope, ...scopes])),
        );
      }
      return [scope];
    });
    if (!pending.length) return undefined;
    await Promise.all(pending);
    return mapScopes(evaluator, (scope) => resolved.get(scope) ?? [scope]);
  }

  /**
   * `held` plus the actions `extra` gives on the evaluator's scopes, or undefined when it gives
   * nothing. `extra` answers undefined for scopes it knows nothing of.
   */
  async function withExtra(
    held: PermissionMap,
    evaluator: Evaluator,
    extra: (scope: string) => Promise<ReadonlySet<string>> | undefined,
  ): Promise<PermissionMap | undefined> {
    const pending: Promise<[string, ReadonlySet<string>]>[] = [];
    const seen = new Set<string>();
    mapScopes(evaluator, (scope) => {
      if (seen.has(scope)) return [scope];
      seen.add(scope);
      pending.push(extra(scope)?.then((actions) => [scope, actions]) ?? Promise.resolve([scope, new Set()]));
      return [scope];
    });
    const added = new Map<string, string[]>();
    for (const [scope, actions] of await Promise.all(pending))
      for (const action of actions) added.set(action, [...(added.get(action) ?? []), scope]);
    if (!added.size) return undefined;
    const merged = new Map(held);
    for (const [action, scopes] of added) merged.set(action, [...(held.get(action) ?? []), ...scopes]);
    return merged;
  }

  /**
   * As in Grafana: the scopes as given, then resolved (folder chain, ids to uids) with what rules
   * derive; and only when neither grants it, the grants stored on the single resources the
   * resolved evaluator names (the per-resource index), so most checks never ask for them.
   */
  async function can(identity: Identity, evaluator: Evaluator): Promise<boolean> {
    const timer = deps.metrics.accessEvaluationDuration.startTimer();
    deps.metrics.accessEvaluations.inc();
    try {
      const held = await permissionsOf(identity);
      if (evaluate(held, evaluator)) return true;
      const [resolved, derived] = await Promise.all([
        resolveScopes(evaluator, identity),
        withExtra(held, evaluator, (scope) => derivers.get(prefixOf(scope))?.(scope, identity)),
      ]);
      const target = resolved ?? evaluator;
      const known = derived ?? held;
      if (evaluate(known, target)) return true;
      const indexed = await withExtra(known, target, (scope) =>
        scope.startsWith(source.indexedPrefix) && !scope.endsWith('*')
          ? source.actionsOn(identity, scope)
          : undefined,
      );
      return indexed !== undefined && evaluate(indexed, target);
    } finally {
      timer();
    }
  }

  /**
   * True when the caller's cached permissions grant it as given, without I/O or a promise;
   * undefined when `can` must answer (nothing cached, or only resolved scopes could grant it).
   */
  function grantedNow(identity: Identity, evaluator: Evaluator): true | undefined {
    const held = source.cachedPermissionsOf(identity);
    if (!held) return undefined;
    const timer = deps.metrics.accessEvaluationDuration.startTimer();
    // a refusal here is counted (and timed) by `can`, which answers it
    if (!evaluate(held, evaluator)) return undefined;
    timer();
    deps.metrics.accessEvaluations.inc();
    return true;
  }

  return {
    can,
    grantedNow,
    /**
     * The items of a list the caller may see: a per-item refusal is a filter, not a 403. With
     * `whole` (e.g. `datasources:read` on `datasources:*`) satisfied, every item passes unchecked.
     */
    async filter<T>(
      identity: Identity,
      items: readonly T[],
      evaluatorOf: (item: T) => Evaluator,
      whole?: Evaluator,
    ): Promise<T[]> {
      if (!items.length || (whole && (await can(identity, whole)))) return [...items];
      const allowed = await Promise.all(items.map((item) => can(identity, evaluatorOf(item))));
      return items.filter((_, i) => allowed[i]);
    },
    permissionsOf,
    cachedPermissionsOf: (identity: Identity) => source.cachedPermissionsOf(identity),
    indexedPrefix: source.indexedPrefix,
    actionsOn: (identity: Identity, scope: string) => source.actionsOn(identity, scope),
    indexedGrantsOf: (identity: Identity, action?: string, scopes?: string[]): Promise<Permission[]> =>
      source.indexedGrantsOf(identity, action, scopes),
    async authorize(identity: Identity, evaluator: Evaluator): Promise<void> {
      if (!(await can(identity, evaluator))) throw accessDenied(evaluator);
    },
    /** `prefix` as Grafana's ScopePrefix: `dashboards:uid:` */
    addScopeResolver(prefix: string, resolver: ScopeResolver): void {
      resolvers.set(prefix, resolver);
    },
    /** Rules by which callers hold actions on the resources of a scope prefix without stored grants. */
    addDerivedActions(prefix: string, derive: DerivedActions): void {
      derivers.set(prefix, derive);
    },
  };
}

export type Authorizer = ReturnType<typeof createAuthorizer>;

/** `dashboards:uid:abc` -> `dashboards:uid:` */
function prefixOf(scope: string): string {
  const parts = scope.split(':');
  return parts.length < 3 ? scope : `${parts[0]}:${parts[1]}:`;
}

export function accessDenied(evaluator: Evaluator): AppError {
  return new AppError(
    403,
    `You'll need additional permissions to perform this action. Permissions needed: ${describeEvaluator(evaluator)}`,
    undefined,
    { accessErrorId: `ACE${String(randomInt(1_000_000_000, 10_000_000_000))}`, title: 'Access denied' },
  );
}
