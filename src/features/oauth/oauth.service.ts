import type { Config, GenericOAuthConfig } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { UnitOfWork } from '../../store/transaction.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import type { ExternalTokens } from '../users/users.lookup.js';
import type { ExternalUserSync } from '../external-auth/user-sync.js';
import { mapUserInfo } from './attributes.js';
import { signUpDisabled, userConflict, userDisabled } from './oauth.errors.js';
import type { PendingSignIn } from './oauth-state.js';
import type { OidcClient } from './oidc-client.js';
import type { OAuthProvider } from './providers/provider.js';

/** Grafana's auth module names in `user_auth`: `oauth_generic_oauth`, `oauth_github`, … */
export function authModuleOf(provider: Pick<OAuthProvider, 'key'>): string {
  return `oauth_${provider.key}`;
}
export const SECRETS_SCOPE = 'user_auth';

/**
 * An OAuth sign-in (generic or a named provider) after the provider's callback: the provider's answer mapped to a user, who
 * is found (by external id, then login, then — only with oauth_allow_insecure_email_lookup — email)
 * or created (allow_sign_up), marked external, given the provider's org role and server-admin flag,
 * and linked to the external identity with its tokens encrypted (the shared external user sync).
 * One unit of work.
 */
export function createOAuthService(deps: {
  provider: OAuthProvider;
  settings: GenericOAuthConfig;
  client: OidcClient;
  userSync: ExternalUserSync;
  secrets: SecretsService;
  config: Config;
  clock: Clock;
  unitOfWork: UnitOfWork;
}) {
  const { userSync, config, clock } = deps;
  const { provider, settings } = deps;
  const mapping = { ...settings, ...provider.mapping };

  async function encrypt(value: string): Promise<string> {
    return value ? deps.secrets.encrypt(SECRETS_SCOPE, value) : '';
  }

  return {
    /** Finishes a sign-in; answers the id of the user to start a session for. */
    async signIn(callbackUrl: URL, pending: PendingSignIn): Promise<number> {
      const now = clock.now();
      const answer = await deps.client.complete(callbackUrl, pending, now);
      const info = mapUserInfo(answer.claims, mapping, config.users.autoAssignOrgRole);
      userSync.checkLengths(info, answer.subject);
      const tokens: ExternalTokens = {
        accessToken: await encrypt(answer.tokens.accessToken),
        refreshToken: await encrypt(answer.tokens.refreshToken),
        idToken: await encrypt(answer.tokens.idToken),
        tokenType: answer.tokens.tokenType,
        expiry: answer.tokens.expiresAt,
      };
      return deps
        .unitOfWork(() =>
          userSync.sync(
            {
              authModule: authModuleOf(provider),
              authId: answer.subject,
              info,
              allowSignUp: settings.allowSignUp,
              emailLookup: config.auth.oauthAllowInsecureEmailLookup,
              tokens,
              errors: { signUpDisabled, userDisabled },
            },
            now,
          ),
        )
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? userConflict() : err;
        });
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
