import { unitOfWork } from '../../store/transaction.js';
import type { FeatureDeps } from '../feature.js';
import { createInhibitionRulesCache } from './inhibition-rules.cache.js';
import type { InhibitionLookup } from './inhibition-rules.lookup.js';
import { registerInhibitionRulesRoutes } from './inhibition-rules.routes.js';
import { createInhibitionRulesService } from './inhibition-rules.service.js';
import { createInhibitionRulesStore } from './inhibition-rules.store.js';

/**
 * Inhibition rules (issue #17 item 2): Grafana's `inhibitionrules` resource, and the lookup the
 * dispatcher asks whether an alert is inhibited by the org's firing alerts.
 */
export function registerAlertInhibition(deps: FeatureDeps): InhibitionLookup {
  const store = createInhibitionRulesStore(deps.db);
  const cache = createInhibitionRulesCache({
    load: (orgId) => store.list(orgId),
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
    highAvailability: deps.config.database.highAvailability,
  });
  const service = createInhibitionRulesService({
    store,
    clock: deps.clock,
    unitOfWork: unitOfWork(deps.db),
    changed: (orgId) => cache.changed(orgId),
  });
  registerInhibitionRulesRoutes(deps.api, service);
  return cache.lookup;
}
