import { toPermissionMap, type Permission, type PermissionMap } from './evaluator.js';
import { FIXED_ROLES, type BasicRole } from './fixed-roles.js';

/** Roles whose grants a basic role also receives (Viewer ⊂ Editor ⊂ Admin). */
const INHERITS: Record<BasicRole, BasicRole[]> = {
  None: [],
  Viewer: [],
  Editor: ['Viewer'],
  Admin: ['Viewer', 'Editor'],
  'Grafana Admin': [],
};

export const ORG_ROLES = ['Viewer', 'Editor', 'Admin'] as const;
export type OrgRole = (typeof ORG_ROLES)[number] | 'None';

/** The permissions of a basic role, from the fixed-role registrations. */
export function basicRolePermissions(role: BasicRole): Permission[] {
  const sources = [role, ...INHERITS[role]];
  return FIXED_ROLES.filter(
    (fixed) => fixed.grants.some((g) => sources.includes(g)) && !fixed.exclude?.includes(role),
  ).flatMap((fixed) => fixed.permissions);
}

const cache = new Map<string, PermissionMap>();

/** Basic-role permissions of a caller, cached per (org role, server admin) combination. */
export function basicPermissionMap(orgRole: OrgRole, isServerAdmin: boolean): PermissionMap {
  const key = `${orgRole}|${isServerAdmin}`;
  let map = cache.get(key);
  if (!map) {
    map = toPermissionMap([
      ...basicRolePermissions(orgRole),
      ...(isServerAdmin ? basicRolePermissions('Grafana Admin') : []),
    ]);
    cache.set(key, map);
  }
  return map;
}

const RANK: Record<OrgRole, number> = { None: 0, Viewer: 1, Editor: 2, Admin: 3 };

/** Whether role `a` includes everything of role `b`. */
export function roleIncludes(a: OrgRole, b: OrgRole): boolean {
  return RANK[a] >= RANK[b];
}

export function isOrgRole(value: unknown): value is OrgRole {
  return value === 'Viewer' || value === 'Editor' || value === 'Admin' || value === 'None';
}
