import type { Permission } from '../../access/evaluator.js';
import type { DerivedGrants } from '../rbac/resource-permissions.service.js';
import { afterCommit } from '../../store/transaction.js';
import type { DashboardsStore } from './dashboards.store.js';
import { CREATOR_ACTIONS, defaultGrantList, roleDefaultActions } from './default-grants.js';
import type { TitleIndexCache } from './search/title-index.js';

/**
 * Dashboards' default grants as the resource-permission API sees them: listed with the stored
 * grants, stored (and no longer derived) when a permission of the same principal is set, and
 * listed among a caller's own permissions.
 */
export function createDashboardDerivedGrants(deps: {
  store: DashboardsStore;
  titles: TitleIndexCache;
}): DerivedGrants {
  const { store, titles } = deps;
  return {
    async on(orgId, uid) {
      const head = await store.headByUid(orgId, uid);
      return head ? defaultGrantList(head) : [];
    },

    async take(orgId, uid, principal) {
      // defaults go to the creator and the basic roles, never to a team: nothing to read
      if (principal.kind === 'team') return [];
      const head = await store.headByUid(orgId, uid);
      if (!head) return [];
      // Only the default a change to `principal` would contradict becomes rows: a team grant
      // leaves the creator's and the basic roles' defaults derived.
      const defaults = {
        created_by: head.created_by,
        default_creator_admin:
          principal.kind === 'user' && principal.id === head.created_by ? 0 : head.default_creator_admin,
        default_role_grants:
          principal.kind === 'builtin' && (principal.role === 'Editor' || principal.role === 'Viewer')
            ? 0
            : head.default_role_grants,
      };
      const taken = defaultGrantList({
        created_by: head.created_by,
        default_creator_admin: head.default_creator_admin - defaults.default_creator_admin,
        default_role_grants: head.default_role_grants - defaults.default_role_grants,
      });
      if (!taken.length) return [];
      await store.setDefaultGrants(head.id, defaults);
      await afterCommit(() => titles.setDefaults(orgId, uid, defaults));
      return taken;
    },

    async heldBy(identity) {
      const roleActions = roleDefaultActions(identity);
      const dashboards = await store.uidsWithDefaults(identity.orgId, {
        roleGrants: roleActions.size > 0,
        creatorId: identity.userId,
      });
      const held: Permission[] = [];
      for (const { uid, creator } of dashboards) {
        const scope = `dashboards:uid:${uid}`;
        for (const action of creator ? CREATOR_ACTIONS : roleActions) held.push({ action, scope });
      }
      return held;
    },
  };
}
