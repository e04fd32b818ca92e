import { unitOfWork } from '../../store/transaction.js';
import { createExternalUserSync } from '../external-auth/user-sync.js';
import { createSessionCookie } from '../auth/session-cookie.js';
import type { ClientInfo } from '../auth/sessions.service.js';
import type { SessionCheck } from '../auth/authn.service.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { OAUTH_PRESETS } from '../../config/config.js';
import { ConfigError } from '../../config/expand.js';
import { registerOAuthRoutes, redirectUri, type SignInProvider } from './oauth.routes.js';
import { authModuleOf, createOAuthService, SECRETS_SCOPE } from './oauth.service.js';
import { createTokenRefresher } from './token-refresh.js';
import { createStateSealer } from './oauth-state.js';
import { createOidcClient } from './oidc-client.js';
import { genericProvider } from './providers/generic.js';
import { PRESETS } from './providers/presets.js';

/**
 * Sign-in through an OpenID Connect / OAuth2 provider (`[auth.generic_oauth]` and the named
 * presets `[auth.github]`, `[auth.gitlab]`, `[auth.google]`, `[auth.azuread]`, `[auth.okta]`,
 * issue #22), one flow with a small preset per provider (`providers/`). Users
 * and their external identities go through the users lookup, roles through the orgs lookup, and
 * the session through the auth feature's `startSession`.
 */
export function registerOAuth(
  deps: FeatureDeps,
  siblings: {
    users: UsersLookup;
    orgs: OrgsLookup;
    teams: TeamsLookup;
    startSession: (
      userId: number,
      client: ClientInfo,
    ) => Promise<{ token: string; session: { rotated_at: number } }>;
    addSessionCheck: (check: SessionCheck) => void;
  },
): void {
  const { config, clock } = deps;
  const userSync = createExternalUserSync({
    users: siblings.users,
    orgs: siblings.orgs,
    teams: siblings.teams,
    config,
  });
  const inUnitOfWork = unitOfWork(deps.db);
  const configured = [
    { provider: genericProvider, settings: config.auth.genericOauth },
    ...OAUTH_PRESETS.map((key) => ({ provider: PRESETS[key], settings: config.auth.oauthPresets[key] })),
  ];
  const providers: SignInProvider[] = configured.map(({ provider, settings }) => {
    if (settings.enabled && provider !== genericProvider && (!settings.authUrl || !settings.tokenUrl))
      throw new ConfigError(`[auth.${provider.key}] enabled needs auth_url and token_url`);
    const client = createOidcClient(settings, provider, redirectUri(config, provider.key), deps.logger);
    const oauth = createOAuthService({
      provider,
      settings: client.settings,
      client,
      userSync,
      secrets: deps.secrets,
      config,
      clock,
      unitOfWork: inUnitOfWork,
    });
    return { provider, settings: client.settings, client, oauth };
  });
  const refresher = createTokenRefresher({
    users: siblings.users,
    clients: new Map(
      providers.filter((p) => p.settings.enabled).map((p) => [authModuleOf(p.provider), p.client]),
    ),
    secrets: deps.secrets,
    clock,
    scope: SECRETS_SCOPE,
    log: deps.logger,
  });
  siblings.addSessionCheck((session) => refresher.check(session));
  registerOAuthRoutes(deps.api, {
    config,
    clock,
    providers,
    sealer: createStateSealer(config.security.secretKey),
    sessionCookie: createSessionCookie(config),
    startSession: async (userId, client) => {
      refresher.forget(userId);
      return siblings.startSession(userId, client);
    },
    log: deps.logger,
  });
}
