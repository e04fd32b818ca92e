import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { expiredAccessToken } from './oauth.errors.js';
import type { OidcClient } from './oidc-client.js';

/** Grafana compat (oauthtoken.ExpiryDelta): a token this close to its expiry counts as expired. */
const EXPIRY_DELTA_MS = 10_000;
/** Grafana compat: a checked user is not checked again for this long at most. */
const MAX_CHECK_TTL_MS = 10 * 60_000;
const MAX_USERS = 20_000;
/** an unreachable provider is asked again after this long */
const RETRY_MS = 30_000;

/**
 * Grafana's `oauth_token` sync: when a session resolves an external user whose latest OAuth
 * identity's access token has expired (or is within 10 s of it), the provider's token endpoint is
 * asked with the refresh token and the new tokens are stored (encrypted). Without a refresh token,
 * or when the provider refuses it, the tokens are dropped and the session ends (401
 * `oauth.expired-token`): the user signs in again.
 *
 * Cost: local users are never looked at; an external user's tokens are read once and the answer
 * ("fine until T") kept in memory per user, so until T a session costs no extra query; the identity
 * cache is told to resolve the session again at T. Concurrent refreshes of one user share one call.
 */
export function createTokenRefresher(deps: {
  users: Pick<UsersLookup, 'latestOAuthIdentity' | 'linkExternalId'>;
  /** auth module (`oauth_github`) -> its provider's flow */
  clients: Map<string, OidcClient>;
  secrets: SecretsService;
  clock: Clock;
  scope: string;
  log: { warn(obj: object, msg: string): void };
}) {
  const { users, clock } = deps;
  const checkedUntil = new LazyLruCache<number, number>({ max: MAX_USERS });
  const running = new Map<number, Promise<number>>();

  async function refresh(userId: number): Promise<number> {
    const now = clock.now();
    const identity = await users.latestOAuthIdentity(userId);
    const client = identity && deps.clients.get(identity.authModule);
    // Not an OAuth user (or its provider is no longer configured): nothing to keep fresh.
    if (!identity || !client) return now + MAX_CHECK_TTL_MS;
    const { tokens } = identity;
    if (tokens.expiry === 0) return now + MAX_CHECK_TTL_MS;
    const due = tokens.expiry - EXPIRY_DELTA_MS;
    if (due > now) return Math.min(due, now + MAX_CHECK_TTL_MS);

    const drop = async (reason: string) => {
      deps.log.warn(
        { userId, authModule: identity.authModule, reason },
        'OAuth access token could not be refreshed',
      );
      const none = { accessToken: '', refreshToken: '', idToken: '', tokenType: '', expiry: 0 };
      await users.linkExternalId(userId, identity.authModule, identity.authId, none, now);
      return expiredAccessToken();
    };
    if (!tokens.refreshToken) throw await drop('no refresh token');
    let fresh: Awaited<ReturnType<OidcClient['refresh']>>;
    try {
      fresh = await client.refresh(await deps.secrets.decrypt(tokens.refreshToken), now);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) throw await drop(err.message);
      // An unreachable provider is not the user's fault: the session stays and is asked again soon.
      deps.log.warn(
        { userId, authModule: identity.authModule },
        'OAuth token refresh failed, retrying later',
      );
      return now + RETRY_MS;
    }
    const encrypt = (value: string) =>
      value ? deps.secrets.encrypt(deps.scope, value) : Promise.resolve('');
    await users.linkExternalId(
      userId,
      identity.authModule,
      identity.authId,
      {
        accessToken: await encrypt(fresh.accessToken),
        refreshToken: await encrypt(fresh.refreshToken),
        idToken: fresh.idToken ? await encrypt(fresh.idToken) : tokens.idToken,
        tokenType: fresh.tokenType,
        expiry: fresh.expiresAt,
      },
      now,
    );
    return fresh.expiresAt === 0
      ? now + MAX_CHECK_TTL_MS
      : Math.min(fresh.expiresAt - EXPIRY_DELTA_MS, now + MAX_CHECK_TTL_MS);
  }

  return {
    /** The auth feature's session check: until when the user's tokens need no look. */
    async check(session: { userId: number; isExternal: boolean }): Promise<number> {
      if (!session.isExternal) return Number.POSITIVE_INFINITY;
      const known = checkedUntil.get(session.userId);
      if (known !== undefined && known > clock.now()) return known;
      let pending = running.get(session.userId);
      if (!pending) {
        pending = refresh(session.userId).finally(() => running.delete(session.userId));
        running.set(session.userId, pending);
      }
      const until = await pending;
      checkedUntil.set(session.userId, until);
      return until;
    },

    /** A new sign-in stored new tokens: look at them afresh. */
    forget(userId: number): void {
      checkedUntil.delete(userId);
    },
  };
}
