import { isStorableId } from '../../lib/limits.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { createTeamGroupsStore } from './team-groups.store.js';
import { registerTeamGroupsRoutes } from './team-groups.routes.js';
import { createTeamGroupsService } from './team-groups.service.js';
import { createTeamsLookup, type TeamsLookup } from './teams.lookup.js';
import { registerTeamsRoutes } from './teams.routes.js';
import { createTeamsService } from './teams.service.js';
import { createTeamsStore } from './teams.store.js';

/**
 * Teams and team members (/api/teams…); a member must belong to the org (`orgs`), and leaves the
 * org's teams when it leaves the org. Team sync: teams linked to external groups
 * (/api/teams/:id/groups), whose members external sign-ins sync through the lookup.
 */
export function registerTeams(
  deps: FeatureDeps,
  siblings: { orgs: OrgsLookup; users: UsersLookup },
): TeamsLookup {
  const store = createTeamsStore(deps.db);
  deps.resourcePermissions.declareExistence(
    'teams',
    async (orgId, id) =>
      /^\d+$/.test(id) && isStorableId(Number(id)) && (await store.exists(orgId, Number(id))),
  );
  const deletedListeners: ((orgId: number, teamId: number) => Promise<void>)[] = [];
  const teams = createTeamsService({
    store,
    orgs: siblings.orgs,
    users: siblings.users,
    onDeleted: async (orgId, teamId) => {
      for (const listener of deletedListeners) await listener(orgId, teamId);
    },
    clock: deps.clock,
    authorizer: deps.authorizer,
    resourcePermissions: deps.resourcePermissions,
  });
  // A user who leaves an org leaves its teams, in the same unit of work.
  siblings.orgs.onOrgMemberRemoved((orgId, userId) => store.removeFromAllTeams(orgId, userId));
  registerTeamsRoutes(deps.api, teams);
  const groups = createTeamGroupsService({
    store: createTeamGroupsStore(deps.db),
    teams: store,
    clock: deps.clock,
    resourcePermissions: deps.resourcePermissions,
  });
  registerTeamGroupsRoutes(deps.api, groups);
  return createTeamsLookup(store, groups, deletedListeners);
}
