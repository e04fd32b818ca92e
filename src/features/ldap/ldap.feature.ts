import { parseCron } from '../../lib/cron.js';
import { claimScheduledRun } from '../../store/server-lock.js';
import { unitOfWork } from '../../store/transaction.js';
import type { DirectoryAuth } from '../auth/password-auth.js';
import { createExternalUserSync } from '../external-auth/user-sync.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { registerLdapRoutes } from './ldap.routes.js';
import { createLdapService } from './ldap.service.js';

/**
 * LDAP sign-in (issue #22), `[auth.ldap]` and Grafana's ldap.toml: the login form and Basic auth
 * ask the directory (handed to the auth feature as its `directory`) and sync the user through the
 * users and orgs lookups (the external user sync OAuth uses); plus the /api/admin/ldap… routes.
 * The TOML file is read by a start task, so a bad file stops the start.
 */
export function registerLdap(
  deps: FeatureDeps,
  siblings: { users: UsersLookup; orgs: OrgsLookup; teams: TeamsLookup },
): { directory?: DirectoryAuth } {
  const { config } = deps;
  const ldap = createLdapService({
    config,
    users: siblings.users,
    orgs: siblings.orgs,
    teams: siblings.teams,
    userSync: createExternalUserSync({ ...siblings, config }),
    unitOfWork: unitOfWork(deps.db),
    clock: deps.clock,
    logger: deps.logger,
  });
  deps.hooks.onStart(() => ldap.load());
  if (config.auth.ldap.enabled && config.auth.ldap.activeSyncEnabled) {
    const schedule = parseCron(config.auth.ldap.syncCron);
    // Checked every minute (cron's resolution) by the one instance running background jobs; each
    // firing is claimed in server_lock, so it runs once even across a lease hand-over.
    deps.hooks.addJob({
      name: 'ldap-background-sync',
      intervalMs: 60_000,
      frequent: true,
      async run() {
        const dueAt = schedule.previous(deps.clock.now());
        if (dueAt === undefined) return;
        if (await claimScheduledRun(deps.db, deps.clock, 'ldap-background-sync:firing', dueAt))
          await ldap.syncAll();
      },
    });
  }
  registerLdapRoutes(deps.api, { ldap });
  return { directory: config.auth.ldap.enabled ? ldap.passwordAuth : undefined };
}
