import { unitOfWork } from '../../store/transaction.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import type { FeatureDeps } from '../feature.js';
import { createSilenceAccess } from './silences.access.js';
import { createSilencesCache } from './silences.cache.js';
import type { SilencesLookup } from './silences.lookup.js';
import { registerSilencesRoutes } from './silences.routes.js';
import { createSilencesService } from './silences.service.js';
import { createSilencesStore } from './silences.store.js';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const EXPIRED_RETENTION_MS = 5 * 24 * 60 * 60 * 1000;

/** Alertmanager silences (issue #17): the API v2 routes, and the lookup the dispatcher asks per alert. */
export function registerAlertSilences(
  deps: FeatureDeps,
  siblings: {
    /** registered after this feature: asked only while serving a request */
    rules: () => Pick<AlertRulesLookup, 'byUid'>;
  },
): SilencesLookup {
  const store = createSilencesStore(deps.db);
  const cache = createSilencesCache({
    load: (orgId, now) => store.notEndedBy(orgId, now),
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
    highAvailability: deps.config.database.highAvailability,
  });
  const ruleOf = (orgId: number, ruleUid: string) => siblings.rules().byUid(orgId, ruleUid);
  const service = createSilencesService({
    store,
    access: createSilenceAccess({ authorizer: deps.authorizer, ruleOf }),
    ruleOf,
    clock: deps.clock,
    unitOfWork: unitOfWork(deps.db),
    changed: (orgId) => cache.changed(orgId),
  });
  registerSilencesRoutes(deps.api, service);
  // Alertmanager keeps expired silences for its retention (Grafana: 5 days), then forgets them.
  deps.hooks.addJob({
    name: 'alerting-silences-cleanup',
    intervalMs: CLEANUP_INTERVAL_MS,
    run: () => store.deleteEndedBefore(deps.clock.now() - EXPIRED_RETENTION_MS),
  });
  return cache.lookup;
}
