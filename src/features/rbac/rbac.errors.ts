import { defineError } from '../../http/errors.js';

export const roleNotFound = defineError(404, 'accesscontrol.role-not-found', 'Role not found');
export const roleExists = defineError(
  409,
  'accesscontrol.role-already-exists',
  'Role with the same uid or name already exists',
);
export const reservedRoleName = defineError(
  400,
  'accesscontrol.role-name-reserved',
  'the role name cannot start with a reserved prefix: fixed:, basic:, managed:',
);
export const roleReadOnly = defineError(
  400,
  'accesscontrol.role-read-only',
  'fixed and basic roles cannot be changed',
);
export const invalidRoleUid = defineError(
  400,
  'accesscontrol.invalid-uid',
  'uid contains illegal characters or is longer than 40 characters',
);
export const roleVersionOutdated = defineError(
  400,
  'accesscontrol.version-le',
  'the provided role version is smaller than or equal to stored role',
);
export const roleAssigned = defineError(
  400,
  'accesscontrol.role-assigned',
  'the role is assigned to users, teams or basic roles: delete it with force=true',
);
const unknownActionKind = defineError(400, 'permreg.unknown-action', 'unknown action');
export const unknownAction = (action: string) =>
  unknownActionKind(`unknown action: ${action}, was not found in the list of valid actions`);
const invalidScopeKind = defineError(400, 'permreg.invalid-scope', 'invalid scope');
export const invalidScope = (scope: string, action: string, expected: string[]) =>
  invalidScopeKind(
    `invalid scope: ${scope}, for action: ${action}, expected prefixes are [${expected.join(' ')}]`,
  );
export const invalidBuiltInRole = defineError(
  400,
  'accesscontrol.invalid-builtin-role',
  'invalid built-in role: use one of Viewer, Editor, Admin, Grafana Admin',
);
export const userNotFound = defineError(404, 'user.not-found', 'User not found');
export const teamNotFound = defineError(404, 'team.not-found', 'Team not found');
const invalidIdKind = defineError(400, 'accesscontrol.invalid-id', 'id is invalid');
export const invalidId = (name: string) => invalidIdKind(`${name} is invalid`);
export const invalidPermissionLevel = defineError(
  400,
  'resource-permissions.invalid-permission',
  'invalid permission',
);
export const onePrincipalPerEntry = (index: number) =>
  onePrincipalKind(`permissions[${index}]: give exactly one of userId, teamId and builtInRole`);
const onePrincipalKind = defineError(400, 'resource-permissions.invalid-entry', 'invalid permission entry');
export const builtInRoleNotAllowed = defineError(
  400,
  'resource-permissions.built-in-role-not-allowed',
  'this resource does not take permissions for basic roles',
);
export const resourceNotFound = defineError(404, 'resource-permissions.not-found', 'Resource not found');
export const unknownResource = defineError(404, 'rbac.unknown-resource', 'Resource not found');
const invalidLevelKind = defineError(400, 'rbac.invalid-permission', 'invalid permission level');
export const invalidLevel = (level: string, levels: string[]) =>
  invalidLevelKind(`invalid permission level "${level}": use one of ${levels.join(', ')}`);
export const externalServiceInvalid = defineError(
  400,
  'accesscontrol.extsvc-invalid',
  'external service id is invalid',
);
