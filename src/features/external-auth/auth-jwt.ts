import { createPublicKey, hash, randomBytes, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { search as jmesSearch } from 'jmespath';
import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthJwtConfig } from '../../config/config.js';
import { ConfigError } from '../../config/expand.js';
import type { Clock } from '../../lib/clock.js';
import { isOrgRole } from '../../access/org-role.js';
import type { ExternalAuthenticator, ExternalRequest } from '../auth/authn.service.js';
import {
  jwtBadSignature,
  jwtExpired,
  jwtInvalid,
  jwtInvalidRole,
  jwtKeySetUnavailable,
  jwtMissingLogin,
  jwtMissingSubject,
  jwtNotYetValid,
  jwtSignUpDisabled,
  jwtUnexpectedClaim,
  jwtUserDisabled,
} from './external-auth.errors.js';
import type { ExternalUser } from './user-sync.js';

/** Grafana's auth module name of JWT sign-ins in `user_auth`. */
export const JWT_MODULE = 'jwt';
const MAX_VERIFIED = 10_000;
/** a token without `exp` is verified again after this long */
const NO_EXP_REUSE_MS = 5 * 60_000;
const JWKS_TIMEOUT_MS = 5_000;
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** The key set could not be had (peer down, timeout, not a JWKS): not the token's fault. */
class KeySetUnavailable extends Error {}

type Claims = Record<string, unknown>;

/** Where the keys come from: exactly one of jwk_set_url, jwk_set_file, key_file (config.ts checks). */
function keySource(config: AuthJwtConfig): { getKey: JWTVerifyGetKey | KeyObject; algorithms?: string[] } {
  if (config.jwkSetUrl) {
    const remote = createRemoteJWKSet(new URL(config.jwkSetUrl), {
      cacheMaxAge: config.cacheTtlMs,
      timeoutDuration: JWKS_TIMEOUT_MS,
    });
    return {
      getKey: async (header, token) => {
        try {
          return await remote(header, token);
        } catch (err) {
          // No key for the token's kid/alg is the token's fault; anything else is the peer's.
          if (
            err instanceof joseErrors.JOSEError &&
            err.code !== 'ERR_JWKS_TIMEOUT' &&
            err.code !== 'ERR_JWKS_INVALID'
          )
            throw err;
          throw new KeySetUnavailable(err instanceof Error ? err.message : String(err));
        }
      },
    };
  }
  try {
    if (config.jwkSetFile) {
      return { getKey: createLocalJWKSet(JSON.parse(readFileSync(config.jwkSetFile, 'utf8')) as never) };
    }
    const key = createPublicKey(readFileSync(config.keyFile));
    const type = key.asymmetricKeyType;
    const algorithms =
      type === 'rsa'
        ? ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']
        : type === 'rsa-pss'
          ? ['PS256', 'PS384', 'PS512']
          : type === 'ec'
            ? ['ES256', 'ES384', 'ES512']
            : ['EdDSA', 'Ed25519'];
    return { getKey: key, algorithms };
  } catch (err) {
    const file = config.jwkSetFile ? 'jwk_set_file' : 'key_file';
    throw new ConfigError(`[auth.jwt] ${file} could not be read as a key: ${(err as Error).message}`);
  }
}

/** Grafana compat: an expression that fails on these claims (a missing array in contains()) gives nothing. */
function search(claims: Claims, path: string): unknown {
  try {
    return jmesSearch(claims, path) as unknown;
  } catch {
    return undefined;
  }
}

/** A syntax error in an attribute path is the operator's: refused at start-up. */
function checkPaths(config: AuthJwtConfig): void {
  const paths = {
    email_attribute_path: config.emailAttributePath,
    username_attribute_path: config.usernameAttributePath,
    role_attribute_path: config.roleAttributePath,
    groups_attribute_path: config.groupsAttributePath,
  };
  for (const [key, path] of Object.entries(paths)) {
    if (!path) continue;
    try {
      jmesSearch({}, path);
    } catch (err) {
      const error = err as Error;
      // Only lexer and parser errors: a runtime error over {} says nothing about real claims.
      if (/Lexer|Parser/i.test(error.name))
        throw new ConfigError(`invalid value for [auth.jwt] ${key}: ${error.message}`);
    }
  }
}

/** A groups_attribute_path result as group names: a list's strings, or one string. */
function groupsOf(found: unknown): string[] {
  const list: unknown[] = Array.isArray(found) ? found : [found];
  return list.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim());
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Grafana compat: `aud` in expect_claims matches when the token names that audience (or all of them). */
function claimMatches(name: string, expected: unknown, actual: unknown): boolean {
  if (name === 'aud') {
    const have = Array.isArray(actual) ? actual : [actual];
    const want = Array.isArray(expected) ? expected : [expected];
    return want.every((w) => have.some((h) => isDeepStrictEqual(h, w)));
  }
  return isDeepStrictEqual(expected, actual);
}

/**
 * `[auth.jwt]`: a request carrying a token in `header_name` (or, with url_login, `?auth_token=`) is
 * the user it names once its signature (key file, key set file or a JWKS fetched and cached from
 * jwk_set_url), times and expect_claims check out. A verified token is remembered until its `exp`
 * (bounded LRU keyed by a one-shot hash, never the token) with the user it was synced to, so the
 * signature and the sync run once per token; a new token syncs the user's attributes and role again.
 */
export function createAuthJwt(deps: {
  config: AuthJwtConfig;
  clock: Clock;
  logger: FastifyBaseLogger;
  sync: (input: {
    authModule: string;
    authId: string;
    info: ExternalUser;
    allowSignUp: boolean;
    emailLookup: boolean;
    errors: { signUpDisabled: typeof jwtSignUpDisabled; userDisabled: typeof jwtUserDisabled };
  }) => Promise<number>;
}): ExternalAuthenticator {
  const { config, clock } = deps;
  if (!config.enabled) return { before: 'authorization', detect: () => undefined };
  checkPaths(config);
  const keys = keySource(config);
  const keyPrefix = randomBytes(32).toString('base64');
  const verified = new LazyLruCache<string, { userId: number; until: number }>({ max: MAX_VERIFIED });
  const byAuthorization = config.headerName === 'authorization';

  function tokenOf(request: ExternalRequest): string {
    const raw = request.headers[config.headerName];
    let token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
    if (byAuthorization) {
      token = token.replace(/^bearer\s+/i, '');
      // Authorization is shared with Basic and service-account tokens: only a JWT is ours.
      if (!COMPACT_JWS.test(token)) token = '';
    }
    if (!token && config.urlLogin) {
      const query = request.query as Record<string, unknown> | undefined;
      token = text(query?.auth_token);
    }
    return token;
  }

  async function verify(token: string, now: number): Promise<Claims> {
    try {
      const options = { currentDate: new Date(now), algorithms: keys.algorithms };
      const { getKey } = keys;
      const { payload } =
        typeof getKey === 'function'
          ? await jwtVerify(token, getKey, options)
          : await jwtVerify(token, getKey, options);
      return payload;
    } catch (err) {
      if (err instanceof KeySetUnavailable) {
        deps.logger.warn({ err: err.message, url: config.jwkSetUrl }, 'JWT key set could not be fetched');
        throw jwtKeySetUnavailable();
      }
      if (err instanceof joseErrors.JWTExpired) throw jwtExpired();
      if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'nbf') throw jwtNotYetValid();
      if (
        err instanceof joseErrors.JWSSignatureVerificationFailed ||
        err instanceof joseErrors.JWKSNoMatchingKey
      )
        throw jwtBadSignature();
      // Malformed, unsupported or disallowed algorithm ("none"), a key of the wrong type: not valid.
      throw jwtInvalid();
    }
  }

  function userOf(claims: Claims): ExternalUser {
    const pick = (path: string, claim: string) =>
      (path ? text(search(claims, path)) : '') || (claim ? text(claims[claim]) : '');
    const email = pick(config.emailAttributePath, config.emailClaim).toLowerCase();
    const login = pick(config.usernameAttributePath, config.usernameClaim);
    if (!email && !login) throw jwtMissingLogin();
    // Grafana compat: either stands in for the other.
    const user: ExternalUser = {
      login: login || email,
      email: email || login.toLowerCase(),
      name: text(claims.name) || login || email,
    };
    if (config.groupsAttributePath) user.groups = groupsOf(search(claims, config.groupsAttributePath));
    if (config.skipOrgRoleSync) return user;
    const found = config.roleAttributePath ? text(search(claims, config.roleAttributePath)) : '';
    const grafanaAdmin = config.allowAssignGrafanaAdmin && found === 'GrafanaAdmin';
    const role = grafanaAdmin ? 'Admin' : isOrgRole(found) ? found : undefined;
    if (!role && config.roleAttributeStrict) throw jwtInvalidRole();
    user.role = role;
    if (config.allowAssignGrafanaAdmin) user.isGrafanaAdmin = grafanaAdmin;
    return user;
  }

  return {
    before: 'authorization',
    detect(request) {
      const token = tokenOf(request);
      if (!token) return undefined;
      return {
        method: 'jwt',
        key: token,
        async resolve(fresh) {
          const now = clock.now();
          const cacheKey = hash('sha256', `${keyPrefix}\0${token}`, 'base64');
          const known = verified.get(cacheKey);
          if (!fresh && known && known.until > now) return known;
          const claims = await verify(token, now);
          for (const [name, expected] of Object.entries(config.expectClaims)) {
            if (!claimMatches(name, expected, claims[name])) throw jwtUnexpectedClaim(name);
          }
          const subject = text(claims.sub);
          if (!subject) throw jwtMissingSubject();
          const userId = await deps.sync({
            authModule: JWT_MODULE,
            authId: subject,
            info: userOf(claims),
            allowSignUp: config.autoSignUp,
            emailLookup: true,
            errors: { signUpDisabled: jwtSignUpDisabled, userDisabled: jwtUserDisabled },
          });
          const exp = (claims as JWTPayload).exp;
          const result = { userId, until: typeof exp === 'number' ? exp * 1000 : now + NO_EXP_REUSE_MS };
          verified.set(cacheKey, result);
          return result;
        },
      };
    },
  };
}
