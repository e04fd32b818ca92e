import type { Config } from '../../config/config.js';
import { checkMaxLength } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { LIMITS } from '../../lib/limits.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { UnitOfWork } from '../../store/transaction.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import type { ExternalTokens, UsersLookup } from '../users/users.lookup.js';
import { mapUserInfo, type ExternalUserInfo } from './attributes.js';
import { signUpDisabled, userConflict, userDisabled } from './oauth.errors.js';
import type { PendingSignIn } from './oauth-state.js';
import type { OidcClient } from './oidc-client.js';

/** Grafana's auth module name of generic OAuth in `user_auth`. */
export const GENERIC_OAUTH_MODULE = 'oauth_generic_oauth';
const SECRETS_SCOPE = 'user_auth';

/**
 * Generic OAuth sign-in after the provider's callback: the provider's answer mapped to a user, who
 * is found (by external id, then login, then — only with oauth_allow_insecure_email_lookup — email)
 * or created (allow_sign_up), marked external, given the provider's org role and server-admin flag,
 * and linked to the external identity with its tokens encrypted. One unit of work.
 */
export function createOAuthService(deps: {
  client: OidcClient;
  users: UsersLookup;
  orgs: OrgsLookup;
  secrets: SecretsService;
  config: Config;
  clock: Clock;
  unitOfWork: UnitOfWork;
}) {
  const { users, orgs, config, clock } = deps;
  const settings = config.auth.genericOauth;

  async function findUser(subject: string, info: ExternalUserInfo) {
    return (
      (await users.findByExternalId(GENERIC_OAUTH_MODULE, subject)) ??
      (await users.findByLogin(info.login)) ??
      (config.auth.oauthAllowInsecureEmailLookup ? await users.findByEmail(info.email) : undefined)
    );
  }

  /** The org a new or returning user's role is synced in: the auto-assign org when it exists. */
  async function syncOrg(userOrgId: number): Promise<number> {
    const auto = config.users.autoAssignOrgId;
    return config.users.autoAssignOrg && (await orgs.orgExists(auto)) ? auto : userOrgId;
  }

  async function syncRole(orgId: number, userId: number, role: string, now: number): Promise<void> {
    const current = await orgs.roleInOrg(orgId, userId);
    if (current === undefined) {
      if (role !== 'None') await orgs.addMember(orgId, userId, role, now);
    } else if (current !== role) {
      await orgs.setMemberRole(orgId, userId, role, now);
    }
  }

  async function encrypt(value: string): Promise<string> {
    return value ? deps.secrets.encrypt(SECRETS_SCOPE, value) : '';
  }

  return {
    /** Finishes a sign-in; answers the id of the user to start a session for. */
    async signIn(callbackUrl: URL, pending: PendingSignIn): Promise<number> {
      const now = clock.now();
      const answer = await deps.client.complete(callbackUrl, pending, now);
      const info = mapUserInfo(answer.claims, settings, config.users.autoAssignOrgRole);
      // A provider's overlong value is refused with the field named, not cut.
      checkMaxLength('login', info.login.toLowerCase(), LIMITS.user.login);
      checkMaxLength('email', info.email, LIMITS.user.email);
      checkMaxLength('name', info.name, LIMITS.user.name);
      checkMaxLength('subject', answer.subject, LIMITS.user.login);
      const tokens: ExternalTokens = {
        accessToken: await encrypt(answer.tokens.accessToken),
        refreshToken: await encrypt(answer.tokens.refreshToken),
        idToken: await encrypt(answer.tokens.idToken),
        tokenType: answer.tokens.tokenType,
        expiry: answer.tokens.expiresAt,
      };
      const values = { login: info.login, email: info.email, name: info.name, isAdmin: info.isGrafanaAdmin };
      return deps
        .unitOfWork(async () => {
          const existing = await findUser(answer.subject, info);
          let userId: number;
          if (existing) {
            if (existing.is_disabled) throw userDisabled();
            userId = existing.id;
            await users.updateExternalUser(userId, values, now);
            if (info.role) await syncRole(await syncOrg(existing.org_id), userId, info.role, now);
          } else {
            if (!settings.allowSignUp) throw signUpDisabled();
            const autoOrg =
              config.users.autoAssignOrg && (await orgs.orgExists(config.users.autoAssignOrgId))
                ? config.users.autoAssignOrgId
                : undefined;
            // Grafana compat: without an auto-assign org the user gets an org of its own, as Admin.
            const orgId = autoOrg ?? (await orgs.createOrg(info.login, now));
            userId = await users.createExternalUser(values, orgId, now);
            const role = autoOrg === undefined ? 'Admin' : (info.role ?? config.users.autoAssignOrgRole);
            if (role !== 'None') await orgs.addMember(orgId, userId, role, now);
          }
          await users.linkExternalId(userId, GENERIC_OAUTH_MODULE, answer.subject, tokens, now);
          return userId;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? userConflict() : err;
        });
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
