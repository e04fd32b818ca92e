import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock } from '../../lib/clock.js';
import type { FeatureDeps } from '../feature.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import type { AlertSink } from '../alert-state/alert-sink.js';
import type { StateCache } from '../alert-state/state-cache.js';
import type { DataSourcesLookup } from '../datasources/datasources.lookup.js';
import { registerEvalRoutes } from './eval.routes.js';
import { createEvalService } from './eval.service.js';
import { createLeaseStore } from './lease.store.js';
import { createRuleEvaluator } from './rule-evaluator.js';
import { createScheduler, type Scheduler } from './scheduler.js';

/**
 * Evaluation of alert rules (issue #16): the scheduler, one rule's evaluation, the HA lease and
 * the rule preview (`POST /api/v1/eval`). With `[unified_alerting] execute_alerts = false` rules
 * are stored and served but never evaluated here; the instance still takes the lease while no
 * evaluating instance holds it, so POSTed alerts are dispatched. The timer loop follows the system clock; a
 * server started with another clock (tests) is ticked by whoever owns that clock.
 */
export function registerAlertScheduler(
  deps: FeatureDeps,
  siblings: { rules: AlertRulesLookup; datasources: DataSourcesLookup; states: StateCache; sink: AlertSink },
): Scheduler {
  const { config } = deps;
  const externalUrl = (
    config.server.rootUrl || `http://${config.server.domain}:${config.server.httpPort}/`
  ).replace(/\/+$/, '');
  const evaluator = createRuleEvaluator({
    datasources: siblings.datasources,
    rules: siblings.rules,
    states: siblings.states,
    sink: siblings.sink,
    metrics: deps.metrics,
    logger: deps.logger,
    externalUrl,
    evaluationTimeoutMs: config.unifiedAlerting.evaluationTimeoutMs,
  });
  const scheduler = createScheduler({
    rules: siblings.rules,
    evaluator,
    states: siblings.states,
    lease: createLeaseStore(deps.db),
    holder: `${hostname()}/${process.pid}/${randomUUID()}`.slice(0, 64),
    evaluates: config.unifiedAlerting.executeAlerts,
    clock: deps.clock,
    metrics: deps.metrics,
    logger: deps.logger,
  });
  registerEvalRoutes(deps.api, createEvalService({ datasources: siblings.datasources, clock: deps.clock }));
  if (config.unifiedAlerting.enabled && deps.clock === systemClock) {
    deps.hooks.onStart(() => Promise.resolve(scheduler.start()));
  }
  deps.hooks.onShutdown(() => scheduler.stop());
  return scheduler;
}
