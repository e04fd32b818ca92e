import type { FeatureDeps } from '../feature.js';
import { registerPreferencesRoutes } from './preferences.routes.js';
import { createPreferencesService } from './preferences.service.js';
import { createPreferencesStore } from './preferences.store.js';

export { resolveHomeDashboardUid } from './home-dashboard.js';

/** User, team and org preferences. */
export function registerPreferences(deps: FeatureDeps): void {
  const preferences = createPreferencesService({ store: createPreferencesStore(deps.db), clock: deps.clock });
  registerPreferencesRoutes(deps.api, preferences);
}
