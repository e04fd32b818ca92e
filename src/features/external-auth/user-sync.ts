import type { Config } from '../../config/config.js';
import type { AppError } from '../../http/errors.js';
import { checkMaxLength } from '../../http/errors.js';
import { LIMITS } from '../../lib/limits.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { ExternalTokens, UsersLookup } from '../users/users.lookup.js';

/** What an external sign-in (OAuth, auth proxy, JWT, LDAP) says about the user. */
export interface ExternalUser {
  login: string;
  email: string;
  name: string;
  /** the org role to sync; undefined: the role is left alone (a new user gets the default) */
  role?: 'Viewer' | 'Editor' | 'Admin' | 'None';
  /** undefined: the server-admin flag is left alone */
  isGrafanaAdmin?: boolean;
  /**
   * org id -> role, from group mappings (LDAP); when set it replaces `role`: each existing org gets
   * its role, a returning user leaves the orgs not in it (Grafana's org sync; an org's last Admin
   * stays), and a new user's active org is the first of them
   */
  orgRoles?: Map<number, 'Viewer' | 'Editor' | 'Admin' | 'None'>;
  /**
   * the provider's groups (OAuth groups_attribute_path, JWT groups_attribute_path, the proxy's
   * Groups header, LDAP group DNs); when set, team sync runs; undefined: team memberships are left alone
   */
  groups?: string[];
}

const NO_TOKENS: ExternalTokens = {
  accessToken: '',
  refreshToken: '',
  idToken: '',
  tokenType: '',
  expiry: 0,
};

/**
 * The user sync every external sign-in shares: the user is found (by the external identity, then
 * login, then — when `emailLookup` — email) or created (`allowSignUp`), marked external with the
 * provider's login, email, name and server-admin flag, given the provider's org role, put in the
 * teams linked to its groups (team sync), and linked to the external identity. The caller runs it
 * inside its unit of work.
 */
export function createExternalUserSync(deps: {
  users: UsersLookup;
  orgs: OrgsLookup;
  teams: Pick<TeamsLookup, 'syncGroupMemberships'>;
  config: Config;
}) {
  const { users, orgs, config } = deps;

  /** The org a returning user's role is synced in: the auto-assign org when it exists. */
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

  async function existingOrgs(orgRoles: Map<number, string>): Promise<number[]> {
    const found: number[] = [];
    for (const orgId of orgRoles.keys()) if (await orgs.orgExists(orgId)) found.push(orgId);
    return found;
  }

  return {
    /** Refuses a provider's overlong value with the field named, rather than cutting it. */
    checkLengths(info: ExternalUser, authId: string): void {
      checkMaxLength('login', info.login.toLowerCase(), LIMITS.user.login);
      checkMaxLength('email', info.email, LIMITS.user.email);
      checkMaxLength('name', info.name, LIMITS.user.name);
      checkMaxLength('subject', authId, LIMITS.user.login);
    },

    /** Answers the id of the synced user. */
    async sync(
      input: {
        authModule: string;
        authId: string;
        info: ExternalUser;
        allowSignUp: boolean;
        emailLookup: boolean;
        tokens?: ExternalTokens;
        /**
         * Grafana's EnableUser (LDAP): the provider is the source of truth, so a disabled user it
         * signs in is enabled again rather than refused
         */
        enableDisabled?: boolean;
        errors: { signUpDisabled: () => AppError; userDisabled: () => AppError };
      },
      now: number,
    ): Promise<number> {
      const { info } = input;
      const existing =
        (await users.findByExternalId(input.authModule, input.authId)) ??
        (info.login ? await users.findByLogin(info.login.toLowerCase()) : undefined) ??
        (input.emailLookup && info.email ? await users.findByEmail(info.email.toLowerCase()) : undefined);
      const values = { login: info.login, email: info.email, name: info.name, isAdmin: info.isGrafanaAdmin };
      let userId: number;
      if (existing) {
        if (existing.is_disabled && !input.enableDisabled) throw input.errors.userDisabled();
        userId = existing.id;
        await users.updateExternalUser(
          userId,
          existing.is_disabled ? { ...values, isDisabled: false } : values,
          now,
        );
        if (info.orgRoles) {
          for (const [orgId, role] of info.orgRoles)
            if (await orgs.orgExists(orgId)) await syncRole(orgId, userId, role, now);
          // After the additions, so a user moved out of its active org has another to land in.
          for (const { orgId } of await orgs.orgsOf(userId))
            if (!info.orgRoles.has(orgId)) await orgs.removeSyncedMember(orgId, userId);
        } else if (info.role) await syncRole(await syncOrg(existing.org_id), userId, info.role, now);
      } else if (info.orgRoles && (await existingOrgs(info.orgRoles)).length > 0) {
        if (!input.allowSignUp) throw input.errors.signUpDisabled();
        const mapped = await existingOrgs(info.orgRoles);
        userId = await users.createExternalUser(values, mapped[0]!, now);
        for (const orgId of mapped) {
          const role = info.orgRoles.get(orgId)!;
          if (role !== 'None') await orgs.addMember(orgId, userId, role, now);
        }
      } else {
        if (!input.allowSignUp) throw input.errors.signUpDisabled();
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
      if (info.groups) {
        // Team sync covers every org the user is in once its roles are synced.
        const orgIds = (await orgs.orgsOf(userId)).map((o) => o.orgId);
        await deps.teams.syncGroupMemberships(userId, orgIds, info.groups, now);
      }
      await users.linkExternalId(userId, input.authModule, input.authId, input.tokens ?? NO_TOKENS, now);
      return userId;
    },
  };
}

export type ExternalUserSync = ReturnType<typeof createExternalUserSync>;
