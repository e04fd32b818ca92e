import { unitOfWork } from '../../store/transaction.js';
import { createExternalUserSync } from '../external-auth/user-sync.js';
import { createSessionCookie } from '../auth/session-cookie.js';
import type { ClientInfo } from '../auth/sessions.service.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { registerOAuthRoutes, redirectUri } from './oauth.routes.js';
import { createOAuthService } from './oauth.service.js';
import { createStateSealer } from './oauth-state.js';
import { createOidcClient } from './oidc-client.js';

/**
 * Sign-in through an OpenID Connect / OAuth2 provider (`[auth.generic_oauth]`, issue #22). Users
 * and their external identities go through the users lookup, roles through the orgs lookup, and
 * the session through the auth feature's `startSession`.
 */
export function registerOAuth(
  deps: FeatureDeps,
  siblings: {
    users: UsersLookup;
    orgs: OrgsLookup;
    startSession: (
      userId: number,
      client: ClientInfo,
    ) => Promise<{ token: string; session: { rotated_at: number } }>;
  },
): void {
  const { config, clock } = deps;
  const client = createOidcClient(config.auth.genericOauth, redirectUri(config), deps.logger);
  const oauth = createOAuthService({
    client,
    userSync: createExternalUserSync({ users: siblings.users, orgs: siblings.orgs, config }),
    secrets: deps.secrets,
    config,
    clock,
    unitOfWork: unitOfWork(deps.db),
  });
  registerOAuthRoutes(deps.api, {
    config,
    clock,
    oauth,
    client,
    sealer: createStateSealer(config.security.secretKey),
    sessionCookie: createSessionCookie(config),
    startSession: siblings.startSession,
    log: deps.logger,
  });
}
