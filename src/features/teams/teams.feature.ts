import { isStorableId } from '../../lib/limits.js';
import type { FeatureDeps } from '../feature.js';
import { registerTeamsRoutes } from './teams.routes.js';
import { createTeamsService } from './teams.service.js';
import { createTeamsStore } from './teams.store.js';

/** Teams and team members (/api/teams…). */
export function registerTeams(deps: FeatureDeps): void {
  const store = createTeamsStore(deps.db);
  deps.resourcePermissions.declareExistence(
    'teams',
    async (orgId, id) =>
      /^\d+$/.test(id) && isStorableId(Number(id)) && (await store.findById(orgId, Number(id))) !== undefined,
  );
  const teams = createTeamsService({
    store,
    clock: deps.clock,
    authorizer: deps.authorizer,
    resourcePermissions: deps.resourcePermissions,
  });
  registerTeamsRoutes(deps.api, teams);
}
