import type { FeatureDeps } from '../feature.js';
import { registerTeamsRoutes } from './teams.routes.js';
import { createTeamsService } from './teams.service.js';
import { createTeamsStore } from './teams.store.js';

/** Teams and team members (/api/teams…). */
export function registerTeams(deps: FeatureDeps): void {
  const teams = createTeamsService({
    store: createTeamsStore(deps.db),
    clock: deps.clock,
    authorizer: deps.authorizer,
    resourcePermissions: deps.resourcePermissions,
  });
  registerTeamsRoutes(deps.api, teams);
}
