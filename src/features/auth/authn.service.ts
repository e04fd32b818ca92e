import type { Config } from '../../config/config.js';
import type { Identity } from '../../access/identity.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isStorableId } from '../../lib/limits.js';
import { isOrgRole, type OrgRole } from '../../access/org-role.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { ServiceAccountsLookup } from '../serviceaccounts/serviceaccounts.lookup.js';
import type { UserInOrg, UsersLookup } from '../users/users.lookup.js';
import {
  apiKeyOrgMismatch,
  basicAuthDisabled,
  expiredApiKey,
  identityDisabled,
  invalidApiKey,
  invalidBasicHeader,
  invalidOrgHeader,
  notValidOrganization,
  revokedApiKey,
  unauthorized,
} from './auth.errors.js';
import type { IdentityCache } from './identity-cache.js';
import type { PasswordAuth } from './password-auth.js';
import type { ClientInfo, SessionsService } from './sessions.service.js';

const LAST_USED_WRITE_INTERVAL_MS = 5 * 60_000;

/** What a sign-in by headers (auth proxy, JWT) looks at. */
export interface ExternalRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** the address of the peer connected to this server (not X-Forwarded-For) */
  remoteAddress: string;
  query: unknown;
}

/** A request carrying an external method's credentials, found without I/O. */
export interface ExternalAttempt {
  method: 'proxy' | 'jwt';
  /** what identifies these credentials in the identity cache (hashed there with the rest) */
  key: string;
  /**
   * The user the credentials name (synced or signed up as the method says) and until when that
   * holds without asking again; `fresh`: the method's own caches named a user that is gone.
   * Refusals are 401 AppErrors.
   */
  resolve(fresh: boolean): Promise<{ userId: number; until: number }>;
  /** the reply gets a new session cookie for the user (`[auth.proxy] enable_login_token`) */
  issueSession?: boolean;
}

/**
 * A sign-in method another feature provides (auth proxy, JWT). As in Grafana, JWT is asked before
 * the Authorization header (`before: 'authorization'`), the auth proxy only without one, before the
 * session cookie (`before: 'session'`).
 */
export interface ExternalAuthenticator {
  before: 'authorization' | 'session';
  /** undefined: the request does not carry (or may not use) this method's credentials */
  detect(request: ExternalRequest): ExternalAttempt | undefined;
}

/**
 * Asked after a session named its user (another feature's: the OAuth token refresh). Answers until
 * when the session needs no asking again; a 401 AppError ends the session (logs the user out).
 */
export type SessionCheck = (session: { id: number; userId: number; isExternal: boolean }) => Promise<number>;

/** What the HTTP layer hands over; the chain knows nothing about Fastify. */
interface Credentials {
  authorization?: string;
  sessionToken?: string;
  /** X-Grafana-Org-Id / X-Svc-Org-Id */
  orgHeader?: string;
  client: ClientInfo;
  external?: ExternalRequest;
  /** the connection the request came on (its socket): a key derived for it may be reused */
  connection?: object;
}

/** What finds a cached identity: the credentials without the client (its address is not asked for). */
type CachedCredentials = Omit<Credentials, 'client'>;

interface AuthResult {
  identity: Identity;
  /** a rotated session token the response must set as the new cookie */
  rotatedToken?: string;
  /** when set, the identity may be reused for these credentials until then */
  reusableUntil?: number;
}

/**
 * The authentication chain, in Grafana's order: bearer token (or Basic with user `api_key`),
 * Basic, session cookie. Failed credentials are 401s, never 403s; database errors propagate as
 * what they are (5xx), never as a failed login.
 */
export function createAuthnService(deps: {
  users: UsersLookup;
  orgs: Pick<OrgsLookup, 'firstOrgOf'>;
  tokens: ServiceAccountsLookup;
  passwordAuth: PasswordAuth;
  sessions: SessionsService;
  cache: IdentityCache;
  /** asked in order before the Authorization header and the session cookie */
  external: ExternalAuthenticator[];
  /** asked for every session resolved (not for cached identities); more may be added later */
  sessionChecks: SessionCheck[];
  config: Config;
  clock: Clock;
}) {
  const { users, orgs, tokens, passwordAuth, sessions, cache, config, clock } = deps;

  async function asIdentity(
    user: UserInOrg,
    requestedOrg: number | null,
    method: Identity['authMethod'],
  ): Promise<Identity> {
    if (user.is_disabled) throw identityDisabled();
    let orgId = requestedOrg ?? user.org_id;
    let role: OrgRole | null = isOrgRole(user.org_role) ? user.org_role : null;
    if (role === null) {
      if (requestedOrg !== null) throw notValidOrganization();
      // The active org is gone or the user left it: act in the first org the user belongs to.
      const fallback = await orgs.firstOrgOf(user.id);
      const member = fallback === undefined ? undefined : await users.findById(user.id, fallback);
      if (fallback !== undefined && isOrgRole(member?.org_role)) {
        orgId = fallback;
        role = member.org_role;
      }
    }
    const now = clock.now();
    if (now - user.last_seen_at > LAST_USED_WRITE_INTERVAL_MS) await users.touchLastSeen(user.id, now);
    return {
      kind: user.is_service_account ? 'service-account' : 'user',
      userId: user.id,
      uid: user.uid,
      login: user.login,
      email: user.email,
      name: user.name,
      orgId,
      orgRole: role ?? 'None',
      isServerAdmin: user.is_admin === 1,
      authMethod: method,
    };
  }

  async function byToken(token: string, requestedOrg: number | null): Promise<AuthResult> {
    const key = await tokens.findToken(token);
    if (!key || key.service_account_id === null) throw invalidApiKey();
    const now = clock.now();
    if (key.expires !== null && key.expires <= now) throw expiredApiKey();
    if (key.is_revoked) throw revokedApiKey();
    if (requestedOrg !== null && requestedOrg !== key.org_id) throw apiKeyOrgMismatch();
    const account = await users.findById(key.service_account_id, key.org_id);
    if (!account) throw invalidApiKey();
    if (key.last_used_at === null || now - key.last_used_at > LAST_USED_WRITE_INTERVAL_MS) {
      await tokens.touchTokenLastUsed(key.id, now);
    }
    return {
      identity: await asIdentity(account, key.org_id, 'token'),
      reusableUntil: key.expires ?? Number.POSITIVE_INFINITY,
    };
  }

  async function byBasic(
    encoded: string,
    requestedOrg: number | null,
    client: ClientInfo,
  ): Promise<AuthResult> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidBasicHeader();
    const login = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    if (login === 'api_key') return byToken(password, requestedOrg);
    if (!config.auth.basicEnabled) throw basicAuthDisabled();
    const user = await passwordAuth.authenticate(login, password, client.ip, requestedOrg, true);
    return {
      identity: await asIdentity(user, requestedOrg, 'basic'),
      reusableUntil: Number.POSITIVE_INFINITY,
    };
  }

  async function bySession(
    token: string,
    requestedOrg: number | null,
    client: ClientInfo,
  ): Promise<AuthResult> {
    const found = await sessions.lookup(token, client);
    if (!found) throw unauthorized();
    const user = await users.findById(found.session.user_id, requestedOrg);
    if (!user) throw unauthorized();
    const identity = await asIdentity(user, requestedOrg, 'session');
    let checkedUntil = Number.POSITIVE_INFINITY;
    const session = { id: found.session.id, userId: user.id, isExternal: user.is_external === 1 };
    for (const check of deps.sessionChecks) {
      try {
        checkedUntil = Math.min(checkedUntil, await check(session));
      } catch (err) {
        if (err instanceof AppError && err.status === 401) await sessions.revoke(found.session.id);
        throw err;
      }
    }
    return {
      identity: { ...identity, sessionTokenId: found.session.id },
      rotatedToken: found.rotatedToken,
      reusableUntil: found.rotatedToken
        ? undefined
        : Math.min(sessions.rotationDueAt(found.session), checkedUntil),
    };
  }

  async function byExternal(attempt: ExternalAttempt, orgHeader: string | undefined): Promise<AuthResult> {
    const requestedOrg = parseOrgHeader(orgHeader);
    let signedIn = await attempt.resolve(false);
    let user = await users.findById(signedIn.userId, requestedOrg);
    if (!user) {
      // The method remembered a user that was deleted since: sign in again (or up) from scratch.
      signedIn = await attempt.resolve(true);
      user = await users.findById(signedIn.userId, requestedOrg);
      if (!user) throw unauthorized();
    }
    return {
      identity: await asIdentity(user, requestedOrg, attempt.method),
      reusableUntil: signedIn.until,
    };
  }

  function detect(credentials: CachedCredentials): ExternalAttempt | undefined {
    const request = credentials.external;
    if (!request) return undefined;
    const hasAuthorization = Boolean(credentials.authorization?.trim());
    for (const method of deps.external) {
      if (hasAuthorization && method.before === 'session') continue;
      const attempt = method.detect(request);
      if (attempt) return attempt;
    }
    return undefined;
  }

  async function resolve(credentials: Credentials): Promise<AuthResult> {
    const requestedOrg = parseOrgHeader(credentials.orgHeader);
    const authorization = credentials.authorization?.trim() ?? '';
    const [scheme = '', value = ''] = authorization.split(/\s+/, 2);
    if (scheme.toLowerCase() === 'bearer' && value) return byToken(value, requestedOrg);
    if (scheme.toLowerCase() === 'basic' && value) return byBasic(value, requestedOrg, credentials.client);
    if (credentials.sessionToken)
      return bySession(credentials.sessionToken, requestedOrg, credentials.client);
    throw unauthorized();
  }

  return {
    /**
     * The identity cached for these credentials, found without I/O (no promise either: the hot
     * path of every authenticated request). undefined: ask `authenticate`.
     */
    cached(credentials: CachedCredentials): Identity | undefined {
      const attempt = detect(credentials);
      return attempt?.issueSession ? undefined : cache.get(keyOf(credentials, attempt));
    },

    /** Resolves the caller, reusing a cached identity for the same credentials when allowed. */
    async authenticate(credentials: Credentials): Promise<AuthResult> {
      const attempt = detect(credentials);
      const key = keyOf(credentials, attempt);
      const cached = attempt?.issueSession ? undefined : cache.get(key);
      if (cached) return { identity: cached };
      const loading = cache.loading();
      const result = attempt ? await byExternal(attempt, credentials.orgHeader) : await resolve(credentials);
      if (attempt?.issueSession) {
        // Grafana compat: as after a login; the cookie goes out like a rotated session's.
        result.rotatedToken = (await sessions.create(result.identity.userId, credentials.client)).token;
      }
      if (result.reusableUntil !== undefined) cache.set(key, result.identity, loading, result.reusableUntil);
      return result;
    },
  };

  function keyOf(credentials: CachedCredentials, attempt: ExternalAttempt | undefined): string {
    return cache.keyOf(
      [
        credentials.authorization,
        credentials.sessionToken,
        credentials.orgHeader,
        attempt && `${attempt.method}\0${attempt.key}`,
      ],
      credentials.connection,
    );
  }
}

export type AuthnService = ReturnType<typeof createAuthnService>;

function parseOrgHeader(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d+$/.test(value) || !isStorableId(Number(value))) throw invalidOrgHeader();
  return Number(value);
}
