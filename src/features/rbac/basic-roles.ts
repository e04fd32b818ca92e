import type { Permission } from './evaluator.js';
import { ACCESS_CONTROL_ROLES } from './access-control-roles.js';
import { FIXED_ROLES, type BasicRole, type FixedRoleRegistration } from './fixed-roles.js';

/** Every fixed role registration: the catalogue plus the role API's own. */
export const ALL_FIXED_ROLES: FixedRoleRegistration[] = [...FIXED_ROLES, ...ACCESS_CONTROL_ROLES];

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
  return ALL_FIXED_ROLES.filter(
    (fixed) => fixed.grants.some((g) => sources.includes(g)) && !fixed.exclude?.includes(role),
  ).flatMap((fixed) => fixed.permissions);
}

const RANK: Record<OrgRole, number> = { None: 0, Viewer: 1, Editor: 2, Admin: 3 };

/** Whether role `a` includes everything of role `b`. */
export function roleIncludes(a: OrgRole, b: OrgRole): boolean {
  return RANK[a] >= RANK[b];
}

export function isOrgRole(value: unknown): value is OrgRole {
  return value === 'Viewer' || value === 'Editor' || value === 'Admin' || value === 'None';
}
