import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../http/metrics.js';
import type { DataSourcesLookup } from '../datasources/datasources.lookup.js';
import { evaluatePipeline } from '../alert-expressions/pipeline.js';
import type { EvaluationResult } from '../alert-expressions/evaluation-result.js';
import type { AlertRule } from '../alert-rules/alert-rule.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import type { AlertInstance } from '../alert-state/alert-instance.js';
import type { AlertSink } from '../alert-state/alert-sink.js';
import type { StateCache } from '../alert-state/state-cache.js';
import {
  applyEvaluation,
  isStateChange,
  resetInstances,
  type RuleContext,
} from '../alert-state/state-machine.js';
import { needsSending, toOutgoingAlert } from '../alert-state/outgoing-alerts.js';

export interface RuleEvaluatorDeps {
  datasources: Pick<DataSourcesLookup, 'query'>;
  rules: Pick<AlertRulesLookup, 'folderInfo'>;
  states: StateCache;
  sink: AlertSink;
  metrics: Metrics;
  logger: FastifyBaseLogger;
  externalUrl: string;
  evaluationTimeoutMs: number;
}

/**
 * One rule, one evaluation: queries and expressions (alert-expressions), the state machine
 * (alert-state), the alerts that need sending to the dispatcher, then the changed state and its
 * history persisted in one unit of work. Never throws: whatever fails becomes the rule's Error
 * result (a bad data source) or a logged failure (the database), never another rule's problem.
 */
export function createRuleEvaluator(deps: RuleEvaluatorDeps) {
  const { states, metrics } = deps;

  async function contextOf(rule: AlertRule): Promise<RuleContext> {
    const folder = await deps.rules.folderInfo(rule.orgId, rule.folderUid);
    return { rule, folderTitle: folder?.title ?? rule.folderUid, externalUrl: deps.externalUrl };
  }

  async function runQueries(rule: AlertRule, evalTime: number, previous: AlertInstance[]) {
    const signal = AbortSignal.timeout(deps.evaluationTimeoutMs);
    const firing = new Set(
      previous.filter((i) => i.state === 'Alerting' || i.state === 'Recovering').map((i) => i.fingerprint),
    );
    try {
      const output = await evaluatePipeline({
        data: rule.data,
        condition: rule.condition,
        now: evalTime,
        runQueries: (uid, queries, range) => deps.datasources.query(rule.orgId, uid, queries, range, signal),
        // threshold hysteresis asks about the query's own labels; instances carry more, so the
        // question is whether any firing instance was built from this series
        isFiring: (labels) =>
          previous.some(
            (i) =>
              firing.has(i.fingerprint) &&
              Object.entries(labels).every(([name, value]) => i.labels[name] === value),
          ),
      });
      // A query cut off by the evaluation timeout says "cancelled"; say why it was cancelled.
      if (!signal.aborted) return output.results;
      return output.results.map((result) =>
        result.state === 'Error'
          ? {
              ...result,
              error: `evaluation timed out after ${deps.evaluationTimeoutMs} ms: ${result.error ?? ''}`,
            }
          : result,
      );
    } catch (error) {
      const message = signal.aborted
        ? `evaluation timed out after ${deps.evaluationTimeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      return [errorResult(message)];
    }
  }

  return {
    async evaluate(rule: AlertRule, evalTime: number): Promise<void> {
      const started = performance.now();
      try {
        const ctx = await contextOf(rule);
        const previous = states.instancesOf(rule.orgId, rule.uid);
        const results = await runQueries(rule, evalTime, previous);
        const outcome = applyEvaluation(ctx, previous, results, evalTime);
        for (const message of outcome.templateErrors) {
          deps.logger.warn({ ruleUid: rule.uid, error: message }, 'alert rule template failed');
        }
        const toSend = [...outcome.instances, ...outcome.removed].filter((i) => needsSending(i, evalTime));
        for (const instance of toSend) instance.lastSentAt = evalTime;
        if (toSend.length)
          deps.sink.deliver(
            rule.orgId,
            toSend.map((i) => toOutgoingAlert(ctx, i)),
          );
        const durationMs = performance.now() - started;
        const lastError = results.find((r) => r.state === 'Error')?.error;
        const written = await states.replace(
          rule,
          outcome.instances,
          outcome.transitions.filter(isStateChange),
          {
            lastEvaluation: evalTime,
            durationMs,
            health: healthOf(results),
            ...(lastError !== undefined ? { lastError } : {}),
          },
        );
        metrics.alertingStateWrites.inc(written);
        for (const instance of outcome.instances)
          metrics.alertingResults.inc({ state: instance.state.toLowerCase() });
        metrics.alertingExecutionTime.observe(durationMs);
      } catch (error) {
        metrics.alertingEvaluationFailures.inc();
        deps.logger.error({ err: error, ruleUid: rule.uid }, 'alert rule evaluation failed');
      }
    },

    /**
     * The rule stopped being evaluated as it was (paused, changed, deleted): its instances go to
     * Normal with that reason, firing ones are sent resolved, and a deleted rule leaves nothing.
     */
    async reset(rule: AlertRule, reason: 'Paused' | 'Updated' | 'RuleDeleted', now: number): Promise<void> {
      try {
        const previous = states.instancesOf(rule.orgId, rule.uid);
        if (previous.length === 0) return;
        const ctx = await contextOf(rule);
        const { resolved, transitions } = resetInstances(ctx, previous, reason, now);
        const toSend = resolved.filter((i) => needsSending(i, now));
        if (toSend.length)
          deps.sink.deliver(
            rule.orgId,
            toSend.map((i) => toOutgoingAlert(ctx, i)),
          );
        // Paused and updated rules start over from nothing; the history keeps what happened.
        await states.replace(rule, [], transitions.filter(isStateChange));
        if (reason === 'RuleDeleted') states.dropRule(rule.orgId, rule.uid);
      } catch (error) {
        deps.logger.error({ err: error, ruleUid: rule.uid }, 'alert rule state reset failed');
      }
    },
  };
}

export type RuleEvaluator = ReturnType<typeof createRuleEvaluator>;

function errorResult(message: string): EvaluationResult {
  return { labels: {}, state: 'Error', values: {}, evaluationString: '', error: message };
}

function healthOf(results: EvaluationResult[]): 'ok' | 'error' | 'nodata' {
  if (results.some((r) => r.state === 'Error')) return 'error';
  if (results.some((r) => r.state === 'NoData')) return 'nodata';
  return 'ok';
}
