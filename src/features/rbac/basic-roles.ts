import type { Permission } from '../../access/evaluator.js';
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

/** The permissions of a basic role, from the fixed-role registrations. */
export function basicRolePermissions(role: BasicRole): Permission[] {
  const sources = [role, ...INHERITS[role]];
  return ALL_FIXED_ROLES.filter(
    (fixed) => fixed.grants.some((g) => sources.includes(g)) && !fixed.exclude?.includes(role),
  ).flatMap((fixed) => fixed.permissions);
}
