import { defineError } from '../../http/errors.js';

// Grafana compat: one public message for unknown users, wrong passwords and blocked logins.
export const invalidCredentials = defineError(401, 'password-auth.failed', 'Invalid username or password');
export const unauthorized = defineError(401, 'auth.unauthorized', 'Unauthorized');
export const identityDisabled = defineError(401, 'identity.disabled', 'Unauthorized');
export const invalidApiKey = defineError(401, 'api-key.invalid', 'Invalid API key');
export const expiredApiKey = defineError(401, 'api-key.expired', 'Expired API key');
export const revokedApiKey = defineError(401, 'api-key.revoked', 'Revoked API key');
export const apiKeyOrgMismatch = defineError(
  401,
  'api-key.organization-mismatch',
  'API key does not belong to the requested organization',
);
export const tokenNotFound = defineError(404, 'auth-token.not-found', 'User auth token not found');
export const cannotRevokeActive = defineError(
  400,
  'auth-token.active',
  'Cannot revoke active user auth token',
);
export const invalidOrgHeader = defineError(400, 'auth.invalid-org-header', 'X-Grafana-Org-Id is invalid');
export const notValidOrganization = defineError(401, 'org.not-a-member', 'Not a valid organization');
export const basicAuthDisabled = defineError(401, 'basic-auth.disabled', 'Basic authentication is disabled');
export const invalidBasicHeader = defineError(400, 'basic-auth.invalid-header', 'Invalid Basic Auth Header');
export const loginFormDisabled = defineError(401, 'login.disabled', 'Login form is disabled');
// The users feature's answer for an unknown user, for the server-admin session routes.
export const userNotFound = defineError(404, 'user.not-found', 'user not found');
