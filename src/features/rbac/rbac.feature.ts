import type { PermissionSource } from '../../access/authorizer.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { createPermissionCache } from './permission-cache.js';
import { createPermissionSource } from './permissions.service.js';
import { createRbacStore } from './rbac.store.js';
import { createResourcePermissionsApi } from './resource-permissions-api.service.js';
import { registerResourcePermissionsRoutes } from './resource-permissions.routes.js';
import { builtInRoleByUid } from './role-definitions.js';
import { registerRolesRoutes } from './roles.routes.js';
import { createRolesService } from './roles.service.js';
import { createRolesStore } from './roles.store.js';
import { registerUserPermissionsRoutes } from './user-permissions.routes.js';

/**
 * The permission source behind the authorizer: every caller's permissions, cached (unless
 * `[rbac] permission_cache` is off) and invalidated on every instance when a grant changes.
 */
export function createCachedPermissionSource(
  deps: Pick<FeatureDeps, 'db' | 'database' | 'config' | 'cacheBus' | 'clock' | 'metrics'>,
): PermissionSource {
  const { config } = deps;
  const cache = createPermissionCache({
    database: deps.database,
    bus: deps.cacheBus,
    clock: deps.clock,
    metrics: deps.metrics,
    // Also bypassed while the bus is not coherent (HA without Redis, or Redis unreachable).
    enabled: config.rbac.permissionCache,
  });
  return createPermissionSource({
    allowOrgCreate: config.users.allowOrgCreate,
    store: createRbacStore(deps.db),
    cache,
  });
}

/**
 * Access control: the cached permission source behind every check, the role API, role
 * assignments, resource permissions and the caller's own permissions.
 */
export function registerRbac(
  deps: FeatureDeps,
  siblings: {
    orgs: Pick<OrgsLookup, 'isOrgMember'>;
    teams: Pick<TeamsLookup, 'teamExists' | 'setMembership' | 'teamsByIds' | 'membersOf'>;
    users: Pick<UsersLookup, 'accountExists' | 'accountsByIds'>;
  },
): void {
  const { config } = deps;

  const rolesStore = createRolesStore(deps.db);
  const roles = createRolesService({
    store: rolesStore,
    teamExists: siblings.teams.teamExists,
    accountExists: siblings.users.accountExists,
    authorizer: deps.authorizer,
    clock: deps.clock,
    validatePermissions: config.rbac.permissionValidationEnabled,
  });
  registerRolesRoutes(deps.api, roles);
  registerUserPermissionsRoutes(deps.api, deps.authorizer, deps.resourcePermissions);
  registerResourcePermissionsRoutes(
    deps.api,
    createResourcePermissionsApi({
      resourcePermissions: deps.resourcePermissions,
      isOrgMember: siblings.orgs.isOrgMember,
      teamExists: siblings.teams.teamExists,
      setTeamMembership: siblings.teams.setMembership,
      accountsByIds: siblings.users.accountsByIds,
      teamsByIds: siblings.teams.teamsByIds,
      teamMembers: siblings.teams.membersOf,
      clock: deps.clock,
    }),
  );

  deps.hooks.addJob({
    name: 'rbac-delete-roles-of-deleted-orgs',
    intervalMs: 10 * 60_000,
    run: async () => {
      const deleted = await rolesStore.deleteRolesOfDeletedOrgs();
      if (deleted) deps.logger.info({ deleted }, 'rbac: deleted the roles of deleted organizations');
    },
  });

  deps.hooks.onStart(async () => {
    if (config.rbac.resetBasicRoles) {
      await rolesStore.resetBasicRoles();
      deps.logger.info('rbac: basic role customisations reset ([rbac] reset_basic_roles)');
    }
    // Stored copies of fixed roles follow the code's definition.
    for (const copy of await rolesStore.copies()) {
      const defined = builtInRoleByUid(copy.uid);
      if (defined) await rolesStore.syncCopy(copy.id, defined.permissions, deps.clock.now());
    }
  });
}
