import type { FeatureDeps } from '../feature.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import { registerPreferencesRoutes } from './preferences.routes.js';
import { createPreferencesService, type HomeDashboardLookup } from './preferences.service.js';
import { createPreferencesStore } from './preferences.store.js';

export { resolveHomeDashboardUid } from './home-dashboard.js';

/**
 * User, team and org preferences; `dashboards` turns home dashboard ids and uids into each other,
 * `teams` says which teams exist and tells when one is deleted (its preferences go with it).
 */
export function registerPreferences(
  deps: FeatureDeps,
  siblings: { dashboards: HomeDashboardLookup; teams: TeamsLookup },
): void {
  const store = createPreferencesStore(deps.db);
  siblings.teams.onTeamDeleted((orgId, teamId) => store.deleteOfTeam(orgId, teamId));
  const preferences = createPreferencesService({
    store,
    teams: siblings.teams,
    clock: deps.clock,
    dashboards: siblings.dashboards,
  });
  registerPreferencesRoutes(deps.api, preferences);
}
