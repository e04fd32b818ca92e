import type { FeatureDeps } from '../feature.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import { createInstancesStore } from './instances.store.js';
import { createStateApiService } from './state-api.service.js';
import { registerStateApiRoutes } from './state-api.routes.js';
import { createStateCache, type StateCache } from './state-cache.js';
import { createStateHistoryStore } from './state-history.store.js';

const HISTORY_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Alert instance state (issue #16): the live state cache the scheduler evaluates into, its
 * persistence (`alert_instance`) and history (`alert_state_history`, pruned by
 * `[unified_alerting] state_history_retention`), and the read APIs over them.
 */
export function registerAlertState(deps: FeatureDeps, siblings: { rules: AlertRulesLookup }): StateCache {
  const store = createInstancesStore(deps.db);
  const history = createStateHistoryStore(deps.db);
  const states = createStateCache(store);
  registerStateApiRoutes(
    deps.api,
    createStateApiService({ rules: siblings.rules, states, store, history, authorizer: deps.authorizer }),
  );
  deps.hooks.addJob({
    name: 'alerting-state-history-cleanup',
    intervalMs: HISTORY_CLEANUP_INTERVAL_MS,
    run: async () => {
      await history.deleteOlderThan(deps.clock.now() - deps.config.unifiedAlerting.stateHistoryRetentionMs);
    },
  });
  return states;
}
