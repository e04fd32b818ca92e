import type { EvaluationResult } from '../../../src/features/alert-expressions/evaluation-result.js';
import type { AlertRule } from '../../../src/features/alert-rules/alert-rule.js';
import type { AlertInstance } from '../../../src/features/alert-state/alert-instance.js';
import {
  applyEvaluation,
  type EvaluationOutcome,
  type RuleContext,
} from '../../../src/features/alert-state/state-machine.js';

/** Evaluation times used across the tests: T0 and then one 60 s interval after another. */
export const T0 = 1_700_000_000_000;
export const MIN = 60_000;
/** EndsAt of a firing state with the 60 s interval: evalTime + 4 × 60 s. */
export const ENDS = 4 * MIN;

export function ruleWith(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: 1,
    orgId: 1,
    uid: 'rule-1',
    title: 'High CPU',
    folderUid: 'folder-1',
    ruleGroup: 'group',
    ruleGroupIndex: 1,
    intervalSeconds: 60,
    condition: 'C',
    data: [],
    noDataState: 'NoData',
    execErrState: 'Error',
    forSeconds: 0,
    keepFiringForSeconds: 0,
    labels: {},
    annotations: {},
    isPaused: false,
    notificationSettings: null,
    record: null,
    missingSeriesEvalsToResolve: null,
    provenance: '',
    version: 1,
    updated: 0,
    updatedBy: null,
    ...overrides,
  };
}

export function contextOf(rule: AlertRule): RuleContext {
  return { rule, folderTitle: 'Infra', externalUrl: 'https://svc.example' };
}

export function result(
  state: EvaluationResult['state'],
  overrides: Partial<EvaluationResult> = {},
): EvaluationResult {
  return {
    labels: { host: 'a' },
    state,
    values:
      state === 'Normal' || state === 'Alerting'
        ? { B: { labels: { host: 'a' }, value: state === 'Alerting' ? 90 : 10 } }
        : {},
    evaluationString: state === 'Alerting' ? "[ var='B' labels={host=a} value=90 ]" : '',
    ...overrides,
  };
}

/**
 * Runs evaluations in order, each a time and the results at that time, and returns the instances
 * after the last one (with the whole outcome of the last step).
 */
export function run(rule: AlertRule, steps: [number, EvaluationResult[]][], start: AlertInstance[] = []) {
  const ctx = contextOf(rule);
  let instances = start;
  let outcome: EvaluationOutcome | undefined;
  for (const [time, results] of steps) {
    outcome = applyEvaluation(ctx, instances, results, time);
    instances = outcome.instances;
  }
  if (!outcome) throw new Error('run needs at least one step');
  return { instances, outcome, only: instances.length === 1 ? instances[0]! : undefined };
}

/** The single instance after the steps; fails when there is not exactly one. */
export function single(
  rule: AlertRule,
  steps: [number, EvaluationResult[]][],
  start: AlertInstance[] = [],
): AlertInstance {
  const { instances } = run(rule, steps, start);
  if (instances.length !== 1) throw new Error(`expected one instance, got ${instances.length}`);
  return instances[0]!;
}
