import { isUniqueViolation } from '../../store/unique-violation.js';
import { unitOfWork } from '../../store/transaction.js';
import type { ExternalAuthenticator } from '../auth/authn.service.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { createAuthJwt } from './auth-jwt.js';
import { createAuthProxy } from './auth-proxy.js';
import { createExternalUserSync } from './user-sync.js';

/**
 * Stateless sign-in by request headers (issue #22): `[auth.proxy]` (a user named by an
 * authenticating reverse proxy) and `[auth.jwt]` (a signed token). No session is created; the
 * auth feature asks these methods, in this order, before the Authorization header and the session
 * cookie. Users are synced through the users and orgs lookups (the sync OAuth uses too).
 */
export function registerExternalAuth(
  deps: FeatureDeps,
  siblings: { users: UsersLookup; orgs: OrgsLookup; teams: TeamsLookup },
): ExternalAuthenticator[] {
  const { config, clock } = deps;
  const userSync = createExternalUserSync({ ...siblings, config });
  const inUnitOfWork = unitOfWork(deps.db);

  /** One unit of work; two first requests of a new user racing: the loser finds the winner's row. */
  async function sync(input: Parameters<typeof userSync.sync>[0]): Promise<number> {
    userSync.checkLengths(input.info, input.authId);
    const run = () => inUnitOfWork(() => userSync.sync(input, clock.now()));
    return run().catch((err: unknown) => {
      if (isUniqueViolation(err)) return run();
      throw err;
    });
  }

  return [
    createAuthJwt({
      config: config.auth.jwt,
      clock,
      logger: deps.logger,
      sync,
    }),
    createAuthProxy({
      config: config.auth.proxy,
      clock,
      sessionCookieName: config.auth.loginCookieName,
      sync,
    }),
  ];
}
