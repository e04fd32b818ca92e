import { defineError } from '../../http/errors.js';

export const orgNotFound = defineError(404, 'org.not-found', 'Organization not found');
export const orgNameTaken = defineError(409, 'org.name-taken', 'Organization name taken');
export const deleteOrgNotFound = defineError(
  404,
  'org.not-found',
  'Failed to delete organization. ID not found',
);
export const cannotDeleteActiveOrg = defineError(
  400,
  'org.delete-active',
  'Cannot delete your active organization',
);
export const invalidRole = defineError(400, 'org.invalid-role', 'Invalid role specified');
export const roleTooHigh = defineError(
  403,
  'org.role-too-high',
  "Cannot assign a role higher than user's role",
);
export const memberUserNotFound = defineError(404, 'user.not-found', 'User not found');
export const lastAdminDemoted = defineError(
  400,
  'org.last-admin',
  'Cannot change role so that there is no organization admin left',
);
export const lastAdminRemoved = defineError(400, 'org.last-admin', 'Cannot remove last organization admin');
export const memberNotFound = defineError(
  404,
  'org.member-not-found',
  'User is not a member of this organization',
);
export const alreadyMember = defineError(
  409,
  'org.already-member',
  'User is already member of this organization',
);
export const emptyName = defineError(400, 'org.empty-name', 'Organization name cannot be empty');
