import type { Permission } from '../../access/evaluator.js';
import type { DerivedGrants } from '../rbac/resource-permissions.service.js';
import { afterCommit } from '../../store/transaction.js';
import type { DashboardsStore } from './dashboards.store.js';
import { CREATOR_ACTIONS, defaultGrantList, roleDefaultActions } from './default-grants.js';
import type { TitleIndexCache } from './search/title-index.js';

const NO_DEFAULTS = { default_creator_admin: 0, default_role_grants: 0 };

/**
 * Dashboards' default grants as the resource-permission API sees them: listed with the stored
 * grants, stored (and no longer derived) the first time a dashboard's permissions are set, and
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

    async take(orgId, uid) {
      const head = await store.headByUid(orgId, uid);
      if (!head) return [];
      const grants = defaultGrantList(head);
      if (head.default_creator_admin || head.default_role_grants) {
        await store.clearDefaultGrants(head.id);
        await afterCommit(() =>
          titles.setDefaults(orgId, uid, { created_by: head.created_by, ...NO_DEFAULTS }),
        );
      }
      return grants;
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
