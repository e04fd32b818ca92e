import type { FeatureDeps } from '../feature.js';
import { registerPreferencesRoutes } from './preferences.routes.js';
import { createPreferencesService, type HomeDashboardLookup } from './preferences.service.js';
import { createPreferencesStore } from './preferences.store.js';

export { resolveHomeDashboardUid } from './home-dashboard.js';

/** User, team and org preferences; `dashboards` turns home dashboard ids and uids into each other. */
export function registerPreferences(deps: FeatureDeps, dashboards: HomeDashboardLookup): void {
  const preferences = createPreferencesService({
    store: createPreferencesStore(deps.db),
    clock: deps.clock,
    dashboards,
  });
  registerPreferencesRoutes(deps.api, preferences);
}
