import { createTableCache } from '../../store/table-cache.js';
import type { FeatureDeps } from '../feature.js';
import { createOrgsLookup, type OrgsLookup } from './orgs.lookup.js';
import { registerOrgsRoutes, type CurrentOrgCache } from './orgs.routes.js';
import { createOrgsService } from './orgs.service.js';
import { createOrgsStore } from './orgs.store.js';

/** Organizations and their members (/api/org…, /api/orgs…); takes no sibling's lookup. */
export function registerOrgs(deps: FeatureDeps): OrgsLookup {
  const store = createOrgsStore(deps.db);
  const orgs = createOrgsService({ orgs: store, clock: deps.clock });
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
  return createOrgsLookup(store, orgs);
}
