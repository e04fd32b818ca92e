import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import { charLength, LIMITS } from '../../lib/limits.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { UserInOrg, UsersLookup } from '../users/users.lookup.js';
import { invalidCredentials } from './auth.errors.js';
import type { LoginAttemptsStore } from './login-attempts.store.js';

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 10_000;

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
  users: Pick<UsersLookup, 'findByLoginOrEmail' | 'replacePasswordHash'>;
  attempts: LoginAttemptsStore;
  config: Config;
  clock: Clock;
}) {
  const { users, attempts, config, clock } = deps;
  const hmacKey = randomBytes(32);
  const verified = new LRUCache<string, string>({ max: CACHE_MAX, ttl: CACHE_TTL_MS });
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
    /** The user, with its role in `orgId` (null: its active org); throws 401 on any failure. */
    async authenticate(
      loginOrEmail: string,
      password: string,
      ip: string,
      orgId: number | null,
    ): Promise<UserInOrg> {
      const username = loginOrEmail.trim().toLowerCase();
      if (!username || !password) throw invalidCredentials();
      const user = await users.findByLoginOrEmail(username, orgId);
      const key = cacheKey(username, password);
      if (user && verified.get(key) === user.password) return user;

      if (await isBlocked(username, ip)) return fail(username, ip);
      if (!user) return fail(username, ip);
      const check = await verifyPassword(user.password, user.salt, password);
      if (!check.ok) return fail(username, ip);
      if (check.needsRehash) {
        user.password = await hashPassword(password);
        user.salt = '';
        await users.replacePasswordHash(user.id, user.password);
      }
      verified.set(key, user.password);
      return user;
    },

    deleteOldAttempts(): Promise<void> {
      return attempts.deleteOlderThan(clock.now() - 2 * config.security.bruteForceWindowMs);
    },
  };
}

export type PasswordAuth = ReturnType<typeof createPasswordAuth>;
