import { randomInt } from 'node:crypto';
import type { Identity } from './identity.js';
import { AppError } from '../http/errors.js';
import { describeEvaluator, evaluate, mapScopes, type Evaluator, type PermissionMap } from './evaluator.js';
import type { Metrics } from '../http/metrics.js';

/** Where the authorizer gets a caller's permissions (the rbac feature's cached source). */
export interface PermissionSource {
  /** `reload`: skip cached entries and refresh them (Grafana's `?reloadcache=true`) */
  permissionsOf(identity: Identity, options?: { reload?: boolean }): Promise<PermissionMap>;
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

  /** `held` plus what derivers grant on the evaluator's scopes, or undefined when they grant nothing. */
  async function withDerived(
    held: PermissionMap,
    evaluator: Evaluator,
    identity: Identity,
  ): Promise<PermissionMap | undefined> {
    const pending: Promise<[string, ReadonlySet<string>]>[] = [];
    const seen = new Set<string>();
    mapScopes(evaluator, (scope) => {
      const derive = derivers.get(prefixOf(scope));
      if (derive && !seen.has(scope)) {
        seen.add(scope);
        pending.push(derive(scope, identity).then((actions) => [scope, actions]));
      }
      return [scope];
    });
    if (!pending.length) return undefined;
    const extra = new Map<string, string[]>();
    for (const [scope, actions] of await Promise.all(pending))
      for (const action of actions) extra.set(action, [...(extra.get(action) ?? []), scope]);
    if (!extra.size) return undefined;
    const merged = new Map(held);
    for (const [action, scopes] of extra) merged.set(action, [...(held.get(action) ?? []), ...scopes]);
    return merged;
  }

  async function can(identity: Identity, evaluator: Evaluator): Promise<boolean> {
    const timer = deps.metrics.accessEvaluationDuration.startTimer();
    deps.metrics.accessEvaluations.inc();
    try {
      const held = await permissionsOf(identity);
      if (evaluate(held, evaluator)) return true;
      const [resolved, derived] = await Promise.all([
        resolveScopes(evaluator, identity),
        withDerived(held, evaluator, identity),
      ]);
      return evaluate(derived ?? held, resolved ?? evaluator);
    } finally {
      timer();
    }
  }

  return {
    can,
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
