import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { registerPreferencesRoutes } from './preferences.routes.js';
import { createPreferencesService, type HomeDashboardLookup } from './preferences.service.js';
import { createPreferencesStore } from './preferences.store.js';

export { resolveHomeDashboardUid } from './home-dashboard.js';

/**
 * User, team and org preferences; `dashboards` turns home dashboard ids and uids into each other,
 * `teams` says which teams exist. A deleted team's, org's or user's preferences go with it, in
 * the deleting unit of work (the owners' on<Event> listeners).
 */
export function registerPreferences(
  deps: FeatureDeps,
  siblings: {
    dashboards: HomeDashboardLookup;
    teams: TeamsLookup;
    orgs: Pick<OrgsLookup, 'onOrgDeleted'>;
    users: Pick<UsersLookup, 'onUserDeleted'>;
  },
): void {
  const store = createPreferencesStore(deps.db);
  siblings.teams.onTeamDeleted((orgId, teamId) => store.deleteOfTeam(orgId, teamId));
  siblings.orgs.onOrgDeleted((orgId) => store.deleteOfOrg(orgId));
  siblings.users.onUserDeleted((userId) => store.deleteOfUser(userId));
  const preferences = createPreferencesService({
    store,
    teams: siblings.teams,
    clock: deps.clock,
    dashboards: siblings.dashboards,
  });
  registerPreferencesRoutes(deps.api, preferences);
}
