import { defineError } from '../../http/errors.js';

export const userNotFound = defineError(404, 'user.not-found', 'user not found');
export const needLoginOrEmail = defineError(
  400,
  'user.missing-login',
  'Need to specify either username or email',
);
export const loginConflict = defineError(
  409,
  'user.login-conflict',
  'Update would result in user login conflict',
);
export const externalUserUpdate = defineError(
  403,
  'user.external',
  'User info cannot be updated for external Users',
);
export const externalUserPassword = defineError(400, 'user.external', 'Cannot update external user password');
const userExistsKind = defineError(412, 'user.already-exists', 'User already exists');
export const userExists = (email: string, login: string) =>
  userExistsKind(`User with email '${email}' or username '${login}' already exists`);
/** Creating a user in an organization that does not exist. */
export const createOrgNotFound = defineError(400, 'org.not-found', 'Organization not found');
export const passwordTooShort = defineError(
  400,
  'password.password-policy-too-short',
  'New password is too short',
);
export const passwordPolicy = defineError(
  400,
  'password.password-policy-infringe',
  "New password doesn't comply with the password policy",
);
export const invalidOldPassword = defineError(400, 'user.invalid-old-password', 'Invalid old password');
export const lastServerAdmin = defineError(
  400,
  'user.last-server-admin',
  'Cannot remove the last server admin',
);
export const cannotDeleteSelf = defineError(400, 'user.delete-self', 'Cannot delete your own user');
export const cannotDisableSelf = defineError(400, 'user.disable-self', 'Cannot disable your own user');
export const invalidTheme = defineError(
  400,
  'user.invalid-theme',
  'Invalid theme: use light, dark or system',
);
export const notValidOrganization = defineError(401, 'org.not-a-member', 'Not a valid organization');
