import { createTableCache } from '../../store/table-cache.js';
import { unitOfWork } from '../../store/transaction.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import { registerAdminUsersRoutes } from './admin-users.routes.js';
import { registerOrgMembersRoutes } from './org-members.routes.js';
import { createUsersLookup, type UsersListeners, type UsersLookup } from './users.lookup.js';
import { createUserAuthStore } from './user-auth.store.js';
import { registerUsersRoutes, type ProfileCache } from './users.routes.js';
import { createUsersService } from './users.service.js';
import { createUsersStore } from './users.store.js';

/**
 * Users: the signed-in user, other users, server-admin user management, and adding a user to an
 * org by login or email. Org memberships go through `orgs`.
 */
export function registerUsers(deps: FeatureDeps, siblings: { orgs: OrgsLookup }): UsersLookup {
  const { orgs } = siblings;
  const store = createUsersStore(deps.db);
  const userAuth = createUserAuthStore(deps.db);
  const listeners: UsersListeners = { disabled: [], deleted: [] };
  const users = createUsersService({
    users: store,
    userAuth,
    orgs,
    onDisabled: async (userId) => {
      for (const listener of listeners.disabled) await listener(userId);
    },
    onDeleted: async (userId) => {
      for (const listener of listeners.deleted) await listener(userId);
    },
    config: deps.config,
    clock: deps.clock,
    unitOfWork: unitOfWork(deps.db),
  });
  // GET /api/user without a query: dropped on every instance by any users/user_auth write (except
  // last_seen_at), kept only while the cache bus is coherent (store/table-cache.ts).
  const profiles: ProfileCache = createTableCache({
    topic: 'user-profiles',
    tables: ['users', 'user_auth'],
    ignoredColumns: ['last_seen_at'],
    max: 10_000,
    ttlMs: 60_000,
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
  });
  // A user's active org (users.org_id) that it no longer belongs to moves to its first other org.
  const leaveActiveOrg = async (orgId: number, userIds?: number[]) => {
    const stranded = await store.withActiveOrg(orgId, userIds);
    if (stranded.length === 0) return;
    const byNextOrg = new Map<number, number[]>();
    for (const [userId, next] of await orgs.firstOrgsOf(stranded)) {
      byNextOrg.set(next, [...(byNextOrg.get(next) ?? []), userId]);
    }
    for (const [next, ids] of byNextOrg) await store.moveActiveOrg(ids, orgId, next);
  };
  orgs.onOrgDeleted(async (orgId) => {
    // an org's service accounts are user rows bound to it: they go with it
    await store.deleteServiceAccountsOfOrg(orgId);
    await leaveActiveOrg(orgId);
  });
  orgs.onOrgMemberRemoved((orgId, userId) => leaveActiveOrg(orgId, [userId]));
  registerUsersRoutes(deps.api, { users, clock: deps.clock, profiles });
  registerAdminUsersRoutes(deps.api, { users });
  registerOrgMembersRoutes(deps.api, { orgs, users: store });
  return createUsersLookup({ store, userAuth, orgs, listeners, unitOfWork: unitOfWork(deps.db) });
}
