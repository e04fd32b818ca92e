import { defineError } from '../../http/errors.js';

// A directory that cannot answer is the directory's fault, not the caller's: 502, naming LDAP.
const unavailable = defineError(502, 'ldap.unavailable', 'LDAP: no directory server could be reached');
export const ldapUnavailable = (detail: string) =>
  unavailable(`LDAP: no directory server could be reached (${detail})`);
const searchFailed = defineError(502, 'ldap.search-failed', 'LDAP: the directory refused the search');
export const ldapSearchFailed = (detail: string) =>
  searchFailed(`LDAP: the directory refused the search (${detail})`);
export const ldapNotEnabled = defineError(400, 'ldap.not-enabled', 'LDAP is not enabled');
export const ldapUserNotFound = defineError(
  404,
  'ldap.user-not-found',
  'No user was found in the LDAP server(s) with that username',
);
export const ldapSignUpDisabled = defineError(
  401,
  'ldap.sign-up-disabled',
  'LDAP: the user does not exist and [auth.ldap] allow_sign_up is off',
);
export const ldapUserDisabled = defineError(401, 'ldap.user-disabled', 'LDAP: the user is disabled');
export const userNotFound = defineError(404, 'user.not-found', 'user not found');
export const notLdapUser = defineError(400, 'ldap.not-ldap-user', 'The user is not an LDAP user');
export const syncUserNotFound = defineError(
  400,
  'ldap.sync-user-not-found',
  'User not found in LDAP. Disabled the user without updating information',
);
const refusedForAdmin = defineError(400, 'ldap.sync-admin-refused', 'Refusing to sync the server admin');
export const syncRefusedForAdmin = (login: string) =>
  refusedForAdmin(`Refusing to sync grafana super admin "${login}" - it would be disabled`);
const reloadFailed = defineError(400, 'ldap.reload-failed', 'Failed to reload the LDAP configuration');
export const ldapReloadFailed = (detail: string) =>
  reloadFailed(`Failed to reload the LDAP configuration: ${detail}`);
const orgNotFound = defineError(
  400,
  'ldap.org-not-found',
  'An organization was not found - Please verify your LDAP configuration',
);
/** GET /api/admin/ldap/:username: a group mapping names an org that does not exist (as Grafana). */
export const mappedOrgNotFound = (orgId: number) =>
  orgNotFound(`An organization was not found - Please verify your LDAP configuration (org_id ${orgId})`);
