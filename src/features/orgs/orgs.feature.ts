import { createTableCache } from '../../store/table-cache.js';
import { unitOfWork } from '../../store/transaction.js';
import type { FeatureDeps } from '../feature.js';
import { createOrgsLookup, type OrgsListeners, type OrgsLookup } from './orgs.lookup.js';
import { registerOrgsRoutes, type CurrentOrgCache } from './orgs.routes.js';
import { createOrgsService } from './orgs.service.js';
import { createOrgsStore } from './orgs.store.js';

/**
 * Organizations and their members (/api/org…, /api/orgs…); takes no sibling's lookup. Features
 * registered later delete what hangs on an org or a membership through onOrgDeleted and
 * onOrgMemberRemoved, inside the deleting unit of work.
 */
export function registerOrgs(deps: FeatureDeps): OrgsLookup {
  const store = createOrgsStore(deps.db);
  const listeners: OrgsListeners = { deleted: [], memberRemoved: [] };
  const orgs = createOrgsService({
    orgs: store,
    clock: deps.clock,
    unitOfWork: unitOfWork(deps.db),
    onDeleted: async (orgId) => {
      for (const listener of listeners.deleted) await listener(orgId);
    },
    onMemberRemoved: async (orgId, userId) => {
      for (const listener of listeners.memberRemoved) await listener(orgId, userId);
    },
  });
  // GET /api/org without a query: dropped on every instance by any org write (store/table-cache.ts).
  const currentOrgs: CurrentOrgCache = createTableCache({
    topic: 'current-orgs',
    tables: ['org'],
    max: 10_000,
    ttlMs: 60_000,
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
  });
  registerOrgsRoutes(deps.api, { orgs, clock: deps.clock, currentOrgs });
  return createOrgsLookup(store, orgs, listeners);
}
