import type { FeatureDeps } from '../feature.js';
import { createOrgsLookup, type OrgsLookup } from './orgs.lookup.js';
import { registerOrgsRoutes } from './orgs.routes.js';
import { createOrgsService } from './orgs.service.js';
import { createOrgsStore } from './orgs.store.js';

/** Organizations and their members (/api/org…, /api/orgs…); takes no sibling's lookup. */
export function registerOrgs(deps: FeatureDeps): OrgsLookup {
  const store = createOrgsStore(deps.db);
  const orgs = createOrgsService({ orgs: store, clock: deps.clock });
  registerOrgsRoutes(deps.api, { orgs, clock: deps.clock });
  return createOrgsLookup(store, orgs);
}
