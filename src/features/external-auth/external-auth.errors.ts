import { defineError } from '../../http/errors.js';

// Every refusal is a 401 whose message says what was wrong with the credentials (never what they were).
export const proxySignUpDisabled = defineError(
  401,
  'auth-proxy.sign-up-disabled',
  'Auth proxy: the user does not exist and [auth.proxy] auto_sign_up is off',
);
export const proxyUserDisabled = defineError(
  401,
  'auth-proxy.user-disabled',
  'Auth proxy: the user is disabled',
);
export const jwtInvalid = defineError(401, 'jwt.invalid', 'JWT: the token is not valid');
export const jwtExpired = defineError(401, 'jwt.expired', 'JWT: the token has expired');
export const jwtNotYetValid = defineError(401, 'jwt.not-yet-valid', 'JWT: the token is not valid yet');
export const jwtBadSignature = defineError(
  401,
  'jwt.bad-signature',
  'JWT: the token is not signed by a trusted key',
);
const unexpectedClaim = defineError(
  401,
  'jwt.unexpected-claim',
  'JWT: a claim does not have the expected value',
);
export const jwtUnexpectedClaim = (claim: string) =>
  unexpectedClaim(`JWT: the token's ${claim} claim does not have the expected value (expect_claims)`);
export const jwtMissingSubject = defineError(401, 'jwt.missing-subject', 'JWT: the token has no sub claim');
export const jwtMissingLogin = defineError(
  401,
  'jwt.missing-login',
  'JWT: the token names neither a login nor an email (username_claim, email_claim)',
);
export const jwtKeySetUnavailable = defineError(
  401,
  'jwt.key-set-unavailable',
  'JWT: the keys to verify the token could not be fetched from jwk_set_url',
);
export const jwtSignUpDisabled = defineError(
  401,
  'jwt.sign-up-disabled',
  'JWT: the user does not exist and [auth.jwt] auto_sign_up is off',
);
export const jwtUserDisabled = defineError(401, 'jwt.user-disabled', 'JWT: the user is disabled');
export const jwtInvalidRole = defineError(
  401,
  'jwt.invalid-role',
  'JWT: role_attribute_path did not give a valid role and role_attribute_strict is on',
);
