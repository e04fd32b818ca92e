import type { RequestAuthenticator } from '../../access/authentication.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { ServiceAccountsLookup } from '../serviceaccounts/serviceaccounts.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { registerAdminSessionsRoutes } from './admin-sessions.routes.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createAuthnService, type ExternalAuthenticator, type SessionCheck } from './authn.service.js';
import { createIdentityCache } from './identity-cache.js';
import { createLoginAttemptsStore } from './login-attempts.store.js';
import { createPasswordAuth, type DirectoryAuth } from './password-auth.js';
import { createRequestAuthenticator } from './request-authenticator.js';
import { createSessionCookie } from './session-cookie.js';
import { createSessionsService, type SessionsService } from './sessions.service.js';
import { createSessionsStore } from './sessions.store.js';

/** What the auth feature hands app.ts: who is calling, for access/authentication.ts. */
export interface AuthFeature {
  authenticator: RequestAuthenticator;
  /** a new session for a user another feature signed in (an OAuth callback) */
  startSession: SessionsService['create'];
  /** adds a check of every resolved session (the OAuth access-token refresh) */
  addSessionCheck(check: SessionCheck): void;
}

/**
 * Sign-in (password, session cookie, service-account token, Basic), sessions and their routes,
 * brute-force protection and the identity cache. Reads users, orgs and tokens through their lookups.
 */
export function registerAuth(
  deps: FeatureDeps,
  siblings: {
    users: UsersLookup;
    orgs: OrgsLookup;
    serviceAccounts: ServiceAccountsLookup;
    /** sign-ins by header other features provide (auth proxy, JWT), asked first */
    external: ExternalAuthenticator[];
    /** a directory (LDAP) the login form and Basic auth ask after local passwords */
    directory?: DirectoryAuth;
  },
): AuthFeature {
  const { db, config, clock } = deps;
  const { users } = siblings;
  const sessions = createSessionsService({ store: createSessionsStore(db), config, clock });
  const passwordAuth = createPasswordAuth({
    users,
    attempts: createLoginAttemptsStore(db),
    config,
    clock,
    directory: siblings.directory,
  });
  const identityCache = createIdentityCache({
    database: deps.database,
    bus: deps.cacheBus,
    clock,
  });
  const sessionChecks: SessionCheck[] = [];
  const authn = createAuthnService({
    sessionChecks,
    users,
    orgs: siblings.orgs,
    tokens: siblings.serviceAccounts,
    passwordAuth,
    sessions,
    cache: identityCache,
    external: siblings.external,
    config,
    clock,
  });
  const sessionCookie = createSessionCookie(config);
  const auth = createAuthService({ passwordAuth, sessions, config });
  registerAuthRoutes(deps.api, { auth, sessionCookie });
  registerAdminSessionsRoutes(deps.api, { auth, users });
  // A disabled user is signed out everywhere.
  users.onUserDisabled((userId) => sessions.revokeAllOf(userId));

  deps.hooks.addJob({
    name: 'delete-expired-sessions',
    intervalMs: 10 * 60_000,
    run: () => sessions.deleteExpired(),
  });
  deps.hooks.addJob({
    name: 'delete-old-login-attempts',
    intervalMs: 10 * 60_000,
    run: () => passwordAuth.deleteOldAttempts(),
  });
  return {
    authenticator: createRequestAuthenticator({ authn, sessionCookie, clock }),
    startSession: (userId, client) => sessions.create(userId, client),
    addSessionCheck: (check) => void sessionChecks.push(check),
  };
}
