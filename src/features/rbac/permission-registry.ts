import { ALL_FIXED_ROLES } from './basic-roles.js';
import { isValidScope, type Permission } from '../../access/evaluator.js';
import { RESOURCE_KINDS } from '../../access/resource-levels.js';

/** Attributes a kind of resource is addressed by: `dashboards:*` also allows `dashboards:uid:…`. */
const KIND_ATTRIBUTES: Record<string, string[]> = {
  dashboards: ['uid'],
  folders: ['uid'],
  datasources: ['uid', 'id', 'name'],
  teams: ['id'],
  users: ['id'],
  'global.users': ['id'],
  serviceaccounts: ['id'],
  receivers: ['uid'],
  roles: ['uid'],
  orgs: ['id'],
};

/**
 * Grafana's permreg: every action some fixed role or resource level grants, with the scope
 * prefixes it may be granted on (none: the action takes no scope).
 */
function buildRegistry(): Map<string, Set<string>> {
  const registry = new Map<string, Set<string>>();
  const register = (action: string, prefixes: string[]) => {
    let set = registry.get(action);
    if (!set) registry.set(action, (set = new Set()));
    for (const prefix of prefixes) set.add(prefix);
  };
  for (const { permissions } of ALL_FIXED_ROLES) {
    for (const { action, scope } of permissions) register(action, prefixesOf(scope));
  }
  for (const kind of RESOURCE_KINDS) {
    for (const actions of Object.values(kind.levels)) {
      for (const action of actions) register(action, [kind.scopePrefix]);
    }
  }
  return registry;
}

/** `dashboards:*` -> [`dashboards:uid:`]; `folders:uid:general` -> [`folders:uid:`]; '' -> []. */
function prefixesOf(scope: string): string[] {
  if (scope === '' || scope === '*') return [];
  const parts = scope.split(':');
  const kind = parts[0] ?? '';
  if (parts.length >= 3) return [`${kind}:${parts[1]}:`];
  const attributes = KIND_ATTRIBUTES[kind];
  return attributes ? attributes.map((a) => `${kind}:${a}:`) : [`${kind}:`];
}

const registry = buildRegistry();

type PermissionProblem =
  | { kind: 'unknown-action'; action: string }
  | { kind: 'invalid-scope'; action: string; scope: string; expected: string[] };

/** Why a permission cannot be granted, or undefined when it can (Grafana's IsPermissionValid). */
export function permissionProblem({ action, scope }: Permission): PermissionProblem | undefined {
  const prefixes = registry.get(action);
  if (!prefixes) return { kind: 'unknown-action', action };
  if (scope === '' && prefixes.size === 0) return undefined;
  if (isValidScope(scope) && prefixes.size > 0) {
    if (scope === '*' || scope === '') return undefined;
    for (const prefix of prefixes) {
      if (scope.startsWith(prefix) || scope === `${prefix.split(':', 1)[0]}:*`) return undefined;
    }
  }
  return { kind: 'invalid-scope', action, scope, expected: expectedPrefixes(prefixes) };
}

function expectedPrefixes(prefixes: Set<string>): string[] {
  if (prefixes.size === 0) return [];
  const expected = new Set(['*']);
  for (const prefix of prefixes) {
    const kind = prefix.split(':', 1)[0] ?? '';
    expected.add(`${kind}:*`);
    if (prefix !== `${kind}:`) expected.add(`${prefix}*`);
  }
  return [...expected];
}
