import { isStorableId } from '../../lib/limits.js';
import type { FeatureDeps } from '../feature.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';
import { registerApiKeyRoutes } from './api-keys.routes.js';
import { createApiKeysService } from './api-keys.service.js';
import { createApiKeysStore } from './api-keys.store.js';
import { createServiceAccountsLookup, type ServiceAccountsLookup } from './serviceaccounts.lookup.js';
import { registerServiceAccountRoutes } from './serviceaccounts.routes.js';
import { createServiceAccountsService } from './serviceaccounts.service.js';
import { createServiceAccountsStore } from './serviceaccounts.store.js';

/**
 * Service accounts, their tokens and the legacy API key endpoints. A service account is a user
 * row and an org membership: written through `users` and `orgs` (an org's accounts go with it).
 */
export function registerServiceAccounts(
  deps: FeatureDeps,
  siblings: {
    orgs: Pick<OrgsLookup, 'setMemberRole'>;
    users: Pick<
      UsersLookup,
      'createServiceAccountUser' | 'updateServiceAccountUser' | 'deleteServiceAccountUser'
    >;
  },
): ServiceAccountsLookup {
  const { api, db, config, clock, authorizer } = deps;
  const apiKeys = createApiKeysStore(db);
  const store = createServiceAccountsStore(db);
  deps.resourcePermissions.declareExistence(
    'serviceaccounts',
    async (orgId, id) =>
      /^\d+$/.test(id) && isStorableId(Number(id)) && (await store.find(orgId, Number(id))) !== undefined,
  );
  const serviceAccounts = createServiceAccountsService({
    store,
    apiKeys,
    orgs: siblings.orgs,
    users: siblings.users,
    authorizer,
    config,
    clock,
  });
  registerServiceAccountRoutes(api, { serviceAccounts, clock });
  registerApiKeyRoutes(api, { apiKeys: createApiKeysService({ apiKeys, clock }) });
  return createServiceAccountsLookup(apiKeys);
}
