import { unitOfWork } from '../../store/transaction.js';
import type { AlertingFeature } from '../alerting/alerting.feature.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import type { FeatureDeps } from '../feature.js';
import { createMuteTimingsCache } from './mute-timings.cache.js';
import type { MuteTimingsLookup } from './mute-timings.lookup.js';
import { registerMuteTimingsRoutes } from './mute-timings.routes.js';
import { createMuteTimingsService } from './mute-timings.service.js';
import { createMuteTimingsStore } from './mute-timings.store.js';
import { fromFileItem, storedIntervals } from './mute-timing.js';

/**
 * Mute timings (issue #17): Grafana's provisioning API and file items, and the lookup the
 * dispatcher asks whether a route is muted now.
 */
export function registerAlertMuteTimings(
  deps: FeatureDeps,
  siblings: {
    alerting: Pick<AlertingFeature, 'timeIntervalsInUse' | 'renameTimeInterval' | 'useMuteTimings'>;
    /** registered after this feature: asked only when a request runs */
    rules: () => Pick<AlertRulesLookup, 'rulesOf'>;
  },
): MuteTimingsLookup {
  const store = createMuteTimingsStore(deps.db);
  const cache = createMuteTimingsCache({
    load: async (orgId) => new Map((await store.list(orgId)).map((row) => [row.name, storedIntervals(row)])),
    database: deps.database,
    cacheBus: deps.cacheBus,
    clock: deps.clock,
    highAvailability: deps.config.database.highAvailability,
  });
  const service = createMuteTimingsService({
    store,
    clock: deps.clock,
    unitOfWork: unitOfWork(deps.db),
    policies: siblings.alerting,
    usedByRules: async (orgId, name) =>
      (await siblings.rules().rulesOf(orgId)).some((rule) => {
        const settings = rule.notificationSettings;
        return (
          !!settings &&
          [...(settings.mute_time_intervals ?? []), ...(settings.active_time_intervals ?? [])].includes(name)
        );
      }),
    changed: (orgId) => cache.changed(orgId),
  });
  registerMuteTimingsRoutes(deps.api, service);
  // Policies validate against the table itself (exact, even in HA without a bus).
  siblings.alerting.useMuteTimings({
    names: (orgId) => service.names(orgId),
    applyFile: (orgId, item) => service.applyFile(orgId, fromFileItem(item)),
    deleteFile: (orgId, name) => service.delete(orgId, name, 'file'),
  });
  return cache.lookup;
}
