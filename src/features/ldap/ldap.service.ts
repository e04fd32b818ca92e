import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { UnitOfWork } from '../../store/transaction.js';
import type { DirectoryAuth } from '../auth/password-auth.js';
import type { ExternalUser, ExternalUserSync } from '../external-auth/user-sync.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { loadLdapConfig, type LdapServerConfig } from './ldap-config.js';
import { createDirectory, inMappedGroup, type DirectoryUser } from './ldap-directory.js';
import {
  ldapNotEnabled,
  ldapReloadFailed,
  ldapSearchFailed,
  ldapSignUpDisabled,
  ldapUnavailable,
  ldapUserDisabled,
  ldapUserNotFound,
  mappedOrgNotFound,
  notLdapUser,
  syncRefusedForAdmin,
  syncUserNotFound,
  userNotFound,
} from './ldap.errors.js';

/** Grafana's auth module name for LDAP identities (user_auth.auth_module). */
export const LDAP_MODULE = 'ldap';

type SyncOutcome = 'synced' | 'not-found' | 'no-group' | 'admin-refused';

/** What a background sync run did: users synced, disabled (lost by the directory), not synced. */
export interface SyncAllCounts {
  synced: number;
  disabled: number;
  failed: number;
}

/** Sign-in against the directory, user sync, and what the admin API asks. */
export function createLdapService(deps: {
  config: Config;
  users: Pick<
    UsersLookup,
    | 'findById'
    | 'findByExternalId'
    | 'findByLoginOrEmail'
    | 'isLinkedTo'
    | 'usersLinkedTo'
    | 'disableExternalUser'
  >;
  orgs: Pick<OrgsLookup, 'orgsOf' | 'orgName' | 'orgExists'>;
  teams: Pick<TeamsLookup, 'teamsLinkedTo'>;
  userSync: ExternalUserSync;
  unitOfWork: UnitOfWork;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const { config, users, userSync, clock, logger } = deps;
  const settings = config.auth.ldap;
  let servers: LdapServerConfig[] = [];
  let syncingAll = false;
  const directory = createDirectory(() => servers);

  function asExternalUser(found: DirectoryUser): ExternalUser {
    const name = `${found.givenName} ${found.surname}`.trim();
    const login = found.login || found.email;
    const info: ExternalUser = {
      login,
      // Grafana compat: a user without an email gets its login as email.
      email: found.email || login,
      name: name || login,
      // Team sync: the group DNs the directory gives (memberOf, or group_search_filter's answers).
      groups: found.groups,
    };
    if (!settings.skipOrgRoleSync) {
      if (found.orgRoles.size > 0)
        info.orgRoles = new Map([...found.orgRoles].map(([orgId, mapped]) => [orgId, mapped.role]));
      info.isGrafanaAdmin = found.isGrafanaAdmin;
    }
    return info;
  }

  /** One unit of work; two first sign-ins of a new user racing: the loser finds the winner's row. */
  async function sync(found: DirectoryUser): Promise<number> {
    const info = asExternalUser(found);
    const input = {
      authModule: LDAP_MODULE,
      authId: found.dn,
      info,
      allowSignUp: settings.allowSignUp,
      emailLookup: config.auth.oauthAllowInsecureEmailLookup,
      // Grafana's EnableUser: a user disabled because the directory lost it comes back with it.
      enableDisabled: true,
      errors: { signUpDisabled: ldapSignUpDisabled, userDisabled: ldapUserDisabled },
    };
    userSync.checkLengths(info, found.dn);
    const run = () => deps.unitOfWork(() => userSync.sync(input, clock.now()));
    return run().catch((err: unknown) => {
      if (isUniqueViolation(err)) return run();
      throw err;
    });
  }

  /**
   * Grafana compat: a user an LDAP sign-in created or took over that the directory no longer
   * knows is disabled (its sessions end); a later sign-in the directory accepts enables it again.
   * The configured server admin is never disabled this way.
   */
  async function disableRemoved(user: { id: number; login: string }): Promise<void> {
    if (user.login === config.security.adminUser.toLowerCase()) return;
    if (!(await users.isLinkedTo(user.id, LDAP_MODULE))) return;
    if (await users.disableExternalUser(user.id, clock.now()))
      logger.info({ userId: user.id }, 'LDAP: the user is no longer in the directory; disabled');
  }

  /**
   * The directory's view of one LDAP-linked user applied: synced, or disabled when the directory
   * no longer has it or (with group mappings) it is in none of the mapped groups; never the
   * configured server admin. Throws ldapSearchFailed when no server could say.
   */
  async function syncLinked(user: { id: number; login: string }): Promise<SyncOutcome> {
    const { user: found, failure } = await directory.find(user.login);
    const isAdmin = user.login === config.security.adminUser.toLowerCase();
    if (!found) {
      if (failure) throw ldapSearchFailed(failure);
      if (isAdmin) return 'admin-refused';
      await users.disableExternalUser(user.id, clock.now());
      return 'not-found';
    }
    // Grafana compat: with group mappings, a user in none of the mapped groups is disabled.
    if (!inMappedGroup(found)) {
      if (isAdmin) return 'admin-refused';
      await users.disableExternalUser(user.id, clock.now());
      return 'no-group';
    }
    await sync(found);
    return 'synced';
  }

  /**
   * The orgs a sign-in would leave the user in, where team sync runs: those its group mappings
   * give (org sync), else — without mappings, or with role sync off — the orgs it is in, or for a
   * new user the auto-assign org.
   */
  async function orgsSyncedFor(found: DirectoryUser, userId: number | undefined): Promise<number[]> {
    if (!inMappedGroup(found)) return [];
    if (!settings.skipOrgRoleSync && found.orgRoles.size > 0) {
      const existing = [];
      for (const orgId of found.orgRoles.keys()) if (await deps.orgs.orgExists(orgId)) existing.push(orgId);
      return existing;
    }
    if (userId !== undefined) return (await deps.orgs.orgsOf(userId)).map((o) => o.orgId);
    const auto = config.users.autoAssignOrgId;
    return config.users.autoAssignOrg && (await deps.orgs.orgExists(auto)) ? [auto] : [];
  }

  function requireEnabled(): void {
    if (!settings.enabled) throw ldapNotEnabled();
  }

  const passwordAuth: DirectoryAuth = {
    async authenticate(login, password) {
      const outcome = await directory.login(login, password);
      if (outcome.kind === 'unavailable') {
        logger.warn({ detail: outcome.detail }, 'LDAP sign-in: no directory server could be asked');
        throw ldapUnavailable(outcome.detail);
      }
      if (outcome.kind === 'refused') {
        if (outcome.reason === 'not-found') {
          const existing = await users.findByLoginOrEmail(login.trim().toLowerCase(), null);
          if (existing) await disableRemoved(existing);
        }
        return undefined;
      }
      return sync(outcome.user);
    },
  };

  return {
    /** Reads the TOML file; a start task, so a bad file stops the start with its line named. */
    async load(): Promise<void> {
      if (settings.enabled) servers = await loadLdapConfig(settings.configFile, config);
    },

    /** The login form and Basic auth ask this when LDAP is enabled. */
    passwordAuth,

    async status() {
      requireEnabled();
      return directory.status();
    },

    async reload(): Promise<void> {
      requireEnabled();
      try {
        servers = await loadLdapConfig(settings.configFile, config);
      } catch (err) {
        throw ldapReloadFailed(err instanceof Error ? err.message : String(err));
      }
    },

    /**
     * GET /api/admin/ldap/:username: what a sign-in of this user would give it (Grafana's LDAP
     * debug view): its attributes, the mapping that wins in each org with the org's name, its
     * other groups, and the teams team sync would put it in.
     */
    async lookup(username: string) {
      requireEnabled();
      const { user: found, failure } = await directory.find(username);
      if (!found) {
        if (failure) throw ldapSearchFailed(failure);
        throw ldapUserNotFound();
      }
      const existing = await users.findByExternalId(LDAP_MODULE, found.dn);
      const orgNames = new Map<number, string>();
      for (const orgId of found.orgRoles.keys()) {
        const name = await deps.orgs.orgName(orgId);
        // Grafana compat: a mapping to an org that does not exist is a configuration error.
        if (name === undefined) throw mappedOrgNotFound(orgId);
        orgNames.set(orgId, name);
      }
      const mapped = [...found.orgRoles].map(([orgId, m]) => ({
        orgId,
        orgRole: m.role,
        orgName: orgNames.get(orgId)!,
        groupDN: m.groupDn,
      }));
      const mappedDns = new Set(mapped.map((m) => m.groupDN.toLowerCase()));
      const unmapped = found.groups
        .filter((g) => !mappedDns.has(g.toLowerCase()))
        .map((g) => ({ orgId: 0, orgRole: '', orgName: '', groupDN: g }));
      const teamOrgs = await orgsSyncedFor(found, existing?.id);
      for (const orgId of teamOrgs)
        if (!orgNames.has(orgId)) orgNames.set(orgId, (await deps.orgs.orgName(orgId)) ?? '');
      const teams = (await deps.teams.teamsLinkedTo(teamOrgs, found.groups)).map((t) => ({
        teamName: t.teamName,
        orgName: orgNames.get(t.orgId) ?? '',
        groupDN: t.groupId,
      }));
      const a = found.server.attributes;
      return {
        name: { cfgAttrValue: a.name, ldapValue: found.givenName },
        surname: { cfgAttrValue: a.surname, ldapValue: found.surname },
        email: { cfgAttrValue: a.email, ldapValue: found.email },
        login: { cfgAttrValue: a.username, ldapValue: found.login },
        isGrafanaAdmin: found.isGrafanaAdmin ?? false,
        isDisabled: existing ? existing.is_disabled === 1 : false,
        roles: [...mapped, ...unmapped],
        teams,
      };
    },

    /** POST /api/admin/ldap/sync/:id: the user's attributes and roles from the directory now. */
    async syncUser(userId: number): Promise<void> {
      requireEnabled();
      const user = await users.findById(userId, null);
      if (!user || user.is_service_account) throw userNotFound();
      // Grafana compat: only a user an LDAP sign-in created or took over is synced.
      if (!user.is_external || !(await users.isLinkedTo(user.id, LDAP_MODULE))) throw notLdapUser();
      const outcome = await syncLinked(user);
      if (outcome === 'admin-refused') throw syncRefusedForAdmin(user.login);
      if (outcome === 'not-found') throw syncUserNotFound();
    },

    /**
     * The background sync (`active_sync_enabled`): every user linked to LDAP, one after the other,
     * as POST /api/admin/ldap/sync/:id syncs one. A user the directory could not be asked about is
     * left as it is; with no server reachable at all the run is skipped. Runs never overlap: a
     * call while one is in progress answers undefined at once.
     */
    async syncAll(): Promise<SyncAllCounts | undefined> {
      if (!settings.enabled || syncingAll) return undefined;
      syncingAll = true;
      try {
        const statuses = await directory.status();
        if (!statuses.some((s) => s.available)) {
          logger.warn(
            { servers: statuses },
            'LDAP background sync skipped: no directory server could be reached',
          );
          return undefined;
        }
        const counts: SyncAllCounts = { synced: 0, disabled: 0, failed: 0 };
        for (const id of await users.usersLinkedTo(LDAP_MODULE)) {
          const user = await users.findById(id, null);
          if (!user || user.is_service_account || !user.is_external) continue;
          try {
            const outcome = await syncLinked(user);
            if (outcome === 'synced') counts.synced++;
            else if (outcome !== 'admin-refused') counts.disabled++;
          } catch (err) {
            counts.failed++;
            logger.warn({ err, userId: user.id }, 'LDAP background sync: the user could not be synced');
          }
        }
        logger.info(counts, 'LDAP background sync done');
        return counts;
      } finally {
        syncingAll = false;
      }
    },
  };
}

export type LdapService = ReturnType<typeof createLdapService>;
