import { createHmac, randomBytes } from 'node:crypto';
import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import { charLength, LIMITS } from '../../lib/limits.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { UserInOrg, UsersLookup } from '../users/users.lookup.js';
import { invalidCredentials } from './auth.errors.js';
import type { LoginAttemptsStore } from './login-attempts.store.js';

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;
/** A directory sign-in is trusted this long for the same credentials (Basic clients: one bind per 10 s). */
const DIRECTORY_CACHE_TTL_MS = 10_000;

/**
 * A directory the login form and Basic auth also ask (LDAP, provided by another feature). As in
 * Grafana, a local user's own password is tried first; a user the directory signed in (an
 * external user) never signs in with a local password while a directory is configured.
 */
export interface DirectoryAuth {
  /**
   * The id of the user the directory signed in (synced, or signed up), undefined when the
   * directory does not know the login or refuses the password. Throws an AppError (a 502 naming
   * the directory) when it cannot be asked.
   */
  authenticate(login: string, password: string): Promise<number | undefined>;
}

/**
 * Login or email + password, for POST /api/login and Basic auth.
 *
 * A password hash costs tens of milliseconds, too much per Basic-authenticated request. Verified
 * credentials are therefore remembered by an HMAC of (login, password) under a per-process key,
 * together with the stored hash they were verified against. A hit only counts while the user's
 * stored hash is still that value, so a password change invalidates it at once on every
 * instance; disabled and deleted users are caught by the caller reading the user row anyway.
 */
export function createPasswordAuth(deps: {
  users: Pick<UsersLookup, 'findByLoginOrEmail' | 'findById' | 'replacePasswordHash'>;
  attempts: LoginAttemptsStore;
  config: Config;
  clock: Clock;
  directory?: DirectoryAuth;
}) {
  const { users, attempts, config, clock, directory } = deps;
  const hmacKey = randomBytes(32);
  const verified = new LazyLruCache<string, string>({ max: CACHE_MAX, ttl: CACHE_TTL_MS });
  const directoryVerified = new LazyLruCache<string, number>({ max: CACHE_MAX, ttl: DIRECTORY_CACHE_TTL_MS });
  const cacheKey = (login: string, password: string) =>
    createHmac('sha256', hmacKey).update(login).update('\0').update(password).digest('base64');

  const { security } = config;
  const byUsername = !security.disableBruteForceLoginProtection && !security.disableUsernameLoginProtection;
  const byIp = !security.disableBruteForceLoginProtection && !security.disableIpAddressLoginProtection;

  /** Grafana's rule, per login and (when on) per client IP: max attempts within the window. */
  async function isBlocked(username: string, ip: string): Promise<boolean> {
    const since = clock.now() - security.bruteForceWindowMs;
    const over = async (column: 'username' | 'ip_address', value: string) =>
      (await attempts.countSince(column, value, since)) >= security.bruteForceMaxAttempts;
    return (byUsername && (await over('username', username))) || (byIp && (await over('ip_address', ip)));
  }

  async function fail(username: string, ip: string): Promise<never> {
    // A name longer than the column (lower-casing can lengthen it) is stored cut: the IP still counts.
    if (byUsername || byIp) {
      const stored = charLength(username) <= LIMITS.loginAttempt.username ? username : '';
      await attempts.record(stored, ip.slice(0, LIMITS.loginAttempt.ipAddress), clock.now());
    }
    throw invalidCredentials();
  }

  return {
    /**
     * The user, with its role in `orgId` (null: its active org); throws 401 on any failure.
     * `reuseDirectory` (Basic auth): a directory sign-in of the same credentials in the last 10 s
     * stands; the login form always asks the directory, so each sign-in syncs the user.
     */
    async authenticate(
      loginOrEmail: string,
      password: string,
      ip: string,
      orgId: number | null,
      reuseDirectory = false,
    ): Promise<UserInOrg> {
      const username = loginOrEmail.trim().toLowerCase();
      if (!username || !password) throw invalidCredentials();
      const user = await users.findByLoginOrEmail(username, orgId);
      // With a directory, an external user's stored password (if any) is not a credential.
      const local = user && !(directory && user.is_external) ? user : undefined;
      const key = cacheKey(username, password);
      if (local && verified.get(key) === local.password) return local;
      const fromDirectory = reuseDirectory ? directoryVerified.get(key) : undefined;
      if (fromDirectory !== undefined) {
        const synced = await users.findById(fromDirectory, orgId);
        if (synced) return synced;
      }

      if (await isBlocked(username, ip)) return fail(username, ip);
      if (local) {
        const check = await verifyPassword(local.password, local.salt, password);
        if (check.ok) {
          if (check.needsRehash) {
            local.password = await hashPassword(password);
            local.salt = '';
            await users.replacePasswordHash(local.id, local.password);
          }
          verified.set(key, local.password);
          return local;
        }
      }
      if (directory) {
        const userId = await directory.authenticate(loginOrEmail.trim(), password);
        const synced = userId === undefined ? undefined : await users.findById(userId, orgId);
        if (synced) {
          directoryVerified.set(key, synced.id);
          return synced;
        }
      }
      return fail(username, ip);
    },

    deleteOldAttempts(): Promise<void> {
      return attempts.deleteOlderThan(clock.now() - 2 * config.security.bruteForceWindowMs);
    },
  };
}

export type PasswordAuth = ReturnType<typeof createPasswordAuth>;
