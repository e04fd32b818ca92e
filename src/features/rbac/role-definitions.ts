import { createHash } from 'node:crypto';
import { ALL_FIXED_ROLES, basicRolePermissions } from './basic-roles.js';
import type { Permission } from '../../access/evaluator.js';
import type { BasicRole } from './fixed-roles.js';

/** A role as the role API shows it, whether defined in code (fixed, basic) or stored (custom). */
export interface RoleRecord {
  id: number;
  orgId: number;
  uid: string;
  name: string;
  displayName: string;
  description: string;
  group: string;
  hidden: boolean;
  version: number;
  created: number | null;
  updated: number | null;
  permissions: Permission[];
}

/** Grafana's PrefixedRoleUID: `fixed:teams:writer` -> `fixed_` + base64url(SHA-1(name)). */
function prefixedRoleUid(name: string): string {
  const prefix = name.split(':', 1)[0] ?? '';
  return `${prefix}_${createHash('sha1').update(name).digest('base64url')}`;
}

export const BASIC_ROLES: { role: BasicRole; name: string; uid: string; displayName: string }[] = [
  { role: 'None', name: 'basic:none', uid: 'basic_none', displayName: 'None' },
  { role: 'Viewer', name: 'basic:viewer', uid: 'basic_viewer', displayName: 'Viewer' },
  { role: 'Editor', name: 'basic:editor', uid: 'basic_editor', displayName: 'Editor' },
  { role: 'Admin', name: 'basic:admin', uid: 'basic_admin', displayName: 'Admin' },
  {
    role: 'Grafana Admin',
    name: 'basic:grafana_admin',
    uid: 'basic_grafana_admin',
    displayName: 'Grafana Admin',
  },
];

/** Roles defined in code: global (org 0), version 1, read-only through the API. */
export const FIXED_ROLE_RECORDS: RoleRecord[] = ALL_FIXED_ROLES.map((fixed) => ({
  id: 0,
  orgId: 0,
  uid: prefixedRoleUid(fixed.name),
  name: fixed.name,
  displayName: fixed.displayName,
  description: fixed.description,
  group: fixed.group,
  hidden: fixed.hidden ?? false,
  version: 1,
  created: null,
  updated: null,
  permissions: fixed.permissions,
}));

export const BASIC_ROLE_RECORDS: RoleRecord[] = BASIC_ROLES.map((basic) => ({
  id: 0,
  orgId: 0,
  uid: basic.uid,
  name: basic.name,
  displayName: basic.displayName,
  description: `${basic.displayName} role`,
  group: 'Basic',
  hidden: true,
  version: 1,
  created: null,
  updated: null,
  permissions: basicRolePermissions(basic.role),
}));

const BUILT_IN = [...FIXED_ROLE_RECORDS, ...BASIC_ROLE_RECORDS];

export function builtInRoleByUid(uid: string): RoleRecord | undefined {
  return BUILT_IN.find((role) => role.uid === uid);
}

/** Fixed roles a basic role gets by registration (not inherited ones). */
export function fixedRolesGrantedTo(role: BasicRole): RoleRecord[] {
  const names = new Set(ALL_FIXED_ROLES.filter((f) => f.grants.includes(role)).map((f) => f.name));
  return FIXED_ROLE_RECORDS.filter((r) => names.has(r.name));
}

export const RESERVED_PREFIXES = ['fixed:', 'basic:', 'managed:'];
