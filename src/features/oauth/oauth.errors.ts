import { defineError } from '../../http/errors.js';

// Every refusal of an external sign-in: the browser lands on /login?error=<message>, so each
// message tells the user (or the operator) what to change, and none carries a token or secret.
export const providerDenied = defineError(
  401,
  'oauth.provider-denied',
  'Login provider denied login request',
);
export const stateMismatch = defineError(
  401,
  'oauth.state-mismatch',
  'Login failed: the sign-in request expired or did not come from this browser, try again',
);
export const tokenRejected = defineError(
  401,
  'oauth.token-rejected',
  'Login failed: the provider answer was refused',
);
export const providerUnreachable = defineError(
  502,
  'oauth.provider-unreachable',
  'Login failed: the login provider could not be reached',
);
export const missingEmail = defineError(
  401,
  'oauth.missing-email',
  "Login provider didn't return an email address",
);
export const missingSubject = defineError(
  401,
  'oauth.missing-subject',
  "Login provider didn't identify the user",
);
export const domainNotAllowed = defineError(
  401,
  'oauth.domain-not-allowed',
  'Required email domain not fulfilled',
);
export const groupNotAllowed = defineError(
  401,
  'oauth.group-not-allowed',
  'User is not a member of one of the required groups',
);
export const roleStrictViolation = defineError(
  401,
  'oauth.role-missing',
  'Login provider did not return a valid role attribute, but role_attribute_strict is set',
);
export const invalidAttributePath = defineError(
  401,
  'oauth.invalid-attribute-path',
  'Login failed: an attribute path of [auth.generic_oauth] is not a valid JMESPath expression',
);
export const signUpDisabled = defineError(
  401,
  'oauth.signup-disabled',
  'Sign up is not allowed for this provider',
);
export const userDisabled = defineError(401, 'oauth.user-disabled', 'User is disabled');
export const userConflict = defineError(
  401,
  'oauth.user-conflict',
  'Login failed: another user already has this login or email',
);
export const oauthDisabled = defineError(404, 'oauth.disabled', 'OAuth login is not enabled');
// Grafana compat: the named providers' refusals, with Grafana's public messages.
export const missingOrganization = defineError(
  401,
  'oauth.missing-organization',
  'User is not a member of one of the required organizations. Please contact identity provider administrator.',
);
export const missingTeam = defineError(
  401,
  'oauth.missing-team',
  'User is not a member of one of the required teams. Please contact identity provider administrator.',
);
export const tenantMismatch = defineError(401, 'oauth.tenant-mismatch', 'AzureAD OAuth: tenant mismatch');
export const hostedDomainNotAllowed = defineError(
  401,
  'oauth.hd-not-allowed',
  'The hd claim found in the ID token is not present in the allowed domains',
);
export const emailNotVerified = defineError(401, 'oauth.email-not-verified', 'User email is not verified');
export const userInactive = defineError(
  401,
  'oauth.user-inactive',
  'Login failed: the user is not active at the login provider',
);
export const idTokenMissing = defineError(
  401,
  'oauth.id-token-missing',
  'Login failed: the login provider did not send an id_token',
);
/** Grafana compat: a signed-in user whose access token expired and could not be refreshed. */
export const expiredAccessToken = defineError(
  401,
  'oauth.expired-token',
  'OAuth access token expired and could not be refreshed, sign in again',
);
