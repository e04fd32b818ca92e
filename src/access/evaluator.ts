/** A held or required permission: Grafana's action string plus a scope ("" for scopeless actions). */
export interface Permission {
  action: string;
  scope: string;
}

/**
 * What a route requires. `permission`: the caller holds `action` and, when scopes are given, one of
 * its scopes covers one of them. `all`/`any`: AND/OR of evaluators.
 */
export type Evaluator =
  | { kind: 'permission'; action: string; scopes: string[] }
  | { kind: 'all'; of: Evaluator[] }
  | { kind: 'any'; of: Evaluator[] };

export const can = (action: string, ...scopes: string[]): Evaluator => ({
  kind: 'permission',
  action,
  scopes,
});
export const allOf = (...of: Evaluator[]): Evaluator => ({ kind: 'all', of });
export const anyOf = (...of: Evaluator[]): Evaluator => ({ kind: 'any', of });

/** action -> scopes the caller holds it on (treat the arrays as read-only: evaluate() indexes them) */
export type PermissionMap = Map<string, string[]>;

export function toPermissionMap(permissions: Iterable<Permission>): PermissionMap {
  const sets = new Map<string, Set<string>>();
  for (const { action, scope } of permissions) {
    const scopes = sets.get(action);
    if (!scopes) sets.set(action, new Set([scope]));
    else scopes.add(scope);
  }
  return new Map([...sets].map(([action, scopes]) => [action, [...scopes]]));
}

/**
 * Grafana's rule: a trailing `*` must follow `:` or `/` (or stand alone), and no other `*` or `?`
 * may appear. So `dashboards:*` and `dashboards:uid:*` are valid, `dashboards*` is not.
 */
export function isValidScope(scope: string): boolean {
  if (!scope.endsWith('*')) return !/[*?]/.test(scope);
  if (scope.length > 1 && !/[:/]$/.test(scope.slice(0, -1))) return false;
  return !/[*?]/.test(scope.slice(0, -1));
}

/** Whether a held scope covers a target scope. Targets are never expanded as wildcards. */
export function scopeCovers(held: string, target: string): boolean {
  if (held === '') return false;
  if (held === target && !held.includes('*') && !held.includes('?')) return true;
  if (!isValidScope(held)) return false;
  if (held.endsWith('*')) return target.startsWith(held.slice(0, -1));
  return held === target;
}

/** The held scopes of one action, split for lookups: exact scopes and wildcard prefixes. */
interface ScopeIndex {
  exact: Set<string>;
  prefixes: string[];
}

/**
 * Indexes per held-scope array, built on first use. Permission maps are built once and cached, so
 * a caller holding thousands of scopes pays a set lookup per check, not a scan.
 */
const indexes = new WeakMap<string[], ScopeIndex>();

function indexOf(scopes: string[]): ScopeIndex {
  let index = indexes.get(scopes);
  if (!index) {
    index = { exact: new Set(), prefixes: [] };
    for (const scope of scopes) {
      if (scope === '' || !isValidScope(scope)) continue;
      if (scope.endsWith('*')) index.prefixes.push(scope.slice(0, -1));
      else index.exact.add(scope);
    }
    indexes.set(scopes, index);
  }
  return index;
}

export function evaluate(held: PermissionMap, evaluator: Evaluator): boolean {
  switch (evaluator.kind) {
    case 'all':
      return evaluator.of.every((e) => evaluate(held, e));
    case 'any':
      return evaluator.of.some((e) => evaluate(held, e));
    case 'permission': {
      const scopes = held.get(evaluator.action);
      if (!scopes) return false;
      if (evaluator.scopes.length === 0) return true;
      const { exact, prefixes } = indexOf(scopes);
      return evaluator.scopes.some(
        (target) => exact.has(target) || prefixes.some((prefix) => target.startsWith(prefix)),
      );
    }
  }
}

/** Grafana's text form, used in 403 messages: `dashboards:read`, `all of a, b`, `any of a, b`. */
export function describeEvaluator(evaluator: Evaluator): string {
  if (evaluator.kind === 'permission') return evaluator.action;
  return `${evaluator.kind} of ${evaluator.of.map(describeEvaluator).join(', ')}`;
}

/** Rewrites every scope of an evaluator, e.g. to add the folder scopes a dashboard inherits. */
export function mapScopes(evaluator: Evaluator, resolve: (scope: string) => string[]): Evaluator {
  if (evaluator.kind === 'permission') {
    return { ...evaluator, scopes: evaluator.scopes.flatMap((scope) => resolve(scope)) };
  }
  return { ...evaluator, of: evaluator.of.map((e) => mapScopes(e, resolve)) };
}
