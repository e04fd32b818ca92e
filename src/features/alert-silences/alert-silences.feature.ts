import { unitOfWork } from '../../store/transaction.js';
import type { FeatureDeps } from '../feature.js';
import { createSilencesCache } from './silences.cache.js';
import type { SilencesLookup } from './silences.lookup.js';
import { registerSilencesRoutes } from './silences.routes.js';
import { createSilencesService } from './silences.service.js';
import { createSilencesStore } from './silences.store.js';

/** Alertmanager silences (issue #17): the API v2 routes, and the lookup the dispatcher asks per alert. */
export function registerAlertSilences(deps: FeatureDeps): SilencesLookup {
  const store = createSilencesStore(deps.db);
  const cache = createSilencesCache({
    load: (orgId, now) => store.notEndedBy(orgId, now),
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
    highAvailability: deps.config.database.highAvailability,
  });
  const service = createSilencesService({
    store,
    clock: deps.clock,
    unitOfWork: unitOfWork(deps.db),
    changed: (orgId) => cache.changed(orgId),
  });
  registerSilencesRoutes(deps.api, service);
  return cache.lookup;
}
