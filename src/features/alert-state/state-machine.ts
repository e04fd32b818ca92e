/**
 * A rule's instances after one evaluation, and after a reset (reference §2.2–§2.4): the pure
 * core of the rule engine. The per-instance transitions live in next-state.ts (their decisions
 * are documented there); this file matches results to instances, handles rule-wide NoData and
 * Error, missing series and resets. Nothing here reads a clock: every time is passed in.
 *
 * - Rule-wide NoData/Error: when every result is NoData (or every one is Error) and the rule's
 *   option is not the NoData (Error) state itself, the one result applies to every existing
 *   instance, whose labels stay as they are; a new instance is made only when none exists. The
 *   results' ref ids and data source uids go into the `ref_id`/`datasource_uid` annotations
 *   (#88184). With the NoData (Error) option, the result is an instance of its own instead
 *   (alertname `DatasourceNoData` when sent) and the series' instances go missing.
 * - Missing series: an instance without a result is stale once evalTime − lastEvalAt ≥
 *   (missingSeriesEvalsToResolve ?? 2) × interval (1 × for NoData/Error instances); it goes to
 *   Normal with reason MissingSeries (EndsAt = now, StartsAt kept) and is removed. Until then it
 *   keeps its state, a firing one with EndsAt renewed so the Alertmanager does not time it out.
 * - Two results with the same labels: the first one counts, later ones are ignored.
 * - On NoData/Error results the instance keeps the refIds of its last values with value -1
 *   (Grafana's sentinel, so templates that read `$values.B` still render).
 */

import type { CapturedValue, EvaluationResult } from '../alert-expressions/evaluation-result.js';
import { stateWithReason, type AlertInstance, type StateTransition } from './alert-instance.js';
import { expandTemplates } from './annotation-templates.js';
import { labelsFingerprint } from './fingerprint.js';
import { instanceLabels } from './instance-labels.js';
import { FIRING_STATES, nextEndsAt, nextState, type CoreState } from './next-state.js';
import type { RuleContext } from './rule-context.js';
import { ruleWideResult } from './rule-wide.js';

export type { RuleContext } from './rule-context.js';

export interface EvaluationOutcome {
  /** the rule's instances after this evaluation, missing-but-not-stale ones included */
  instances: AlertInstance[];
  /** instances that went stale this time: already Normal (reason MissingSeries), to be deleted */
  removed: AlertInstance[];
  /** one per evaluated or removed instance, changed or not (see isStateChange) */
  transitions: StateTransition[];
  /** label and annotation templates that failed (their original text was kept) */
  templateErrors: string[];
}

export type ResetReason = 'Paused' | 'Updated' | 'RuleDeleted';

const missingSeriesDefault = 2;
const sentinel = -1;

/**
 * What goes to the state history (Grafana's shouldRecord): a change of state or reason, except a
 * Normal series that went stale (Normal → Normal (MissingSeries)) and a Normal (Paused|Updated)
 * instance evaluated Normal again.
 */
export function isStateChange(transition: StateTransition): boolean {
  if (transition.from === transition.to) return false;
  const from = parseStateString(transition.from);
  const to = parseStateString(transition.to);
  if (from.state !== 'Normal' || to.state !== 'Normal') return true;
  if (to.reason === 'MissingSeries') return false;
  return !(to.reason === '' && (from.reason === 'Paused' || from.reason === 'Updated'));
}

function parseStateString(s: string): { state: string; reason: string } {
  const match = /^(\S+)(?: \((.*)\))?$/.exec(s);
  return { state: match?.[1] ?? s, reason: match?.[2] ?? '' };
}

export function applyEvaluation(
  ctx: RuleContext,
  previous: readonly AlertInstance[],
  results: readonly EvaluationResult[],
  evalTime: number,
): EvaluationOutcome {
  const outcome: EvaluationOutcome = { instances: [], removed: [], transitions: [], templateErrors: [] };
  const byFingerprint = new Map(previous.map((i) => [i.fingerprint, i]));
  const seen = new Set<string>();
  const record = (update: InstanceUpdate): void => {
    seen.add(update.instance.fingerprint);
    outcome.instances.push(update.instance);
    outcome.transitions.push(update.transition);
    outcome.templateErrors.push(...update.templateErrors);
  };

  const ruleWide = ruleWideResult(ctx, results);
  if (ruleWide && previous.length > 0) {
    for (const prev of previous) {
      record(
        evaluateInstance(
          ctx,
          { prev, fingerprint: prev.fingerprint, labels: prev.labels, templateLabels: prev.labels },
          ruleWide,
          evalTime,
          true,
        ),
      );
    }
  } else {
    for (const result of ruleWide ? [ruleWide] : results) {
      const built = instanceLabels(ctx, result.labels, result.values, result.evaluationString);
      const fingerprint = labelsFingerprint(built.labels);
      if (seen.has(fingerprint)) continue;
      const prev = byFingerprint.get(fingerprint);
      const subject = { prev, fingerprint, labels: built.labels, templateLabels: built.templateLabels };
      const update = evaluateInstance(ctx, subject, result, evalTime, ruleWide !== undefined);
      update.templateErrors.unshift(...built.templateErrors);
      record(update);
    }
  }

  for (const prev of previous) {
    if (seen.has(prev.fingerprint)) continue;
    if (isStale(ctx, prev, evalTime)) {
      const stale = staleInstance(prev, evalTime);
      outcome.removed.push(stale);
      outcome.transitions.push(transitionOf(prev, stale, evalTime));
    } else {
      outcome.instances.push(
        FIRING_STATES.has(prev.state) ? { ...prev, endsAt: nextEndsAt(ctx.rule, evalTime) } : { ...prev },
      );
    }
  }
  // The same broken template fails the same way for every series: report it once.
  outcome.templateErrors = [...new Set(outcome.templateErrors)];
  return outcome;
}

/** Rule paused, updated (new fingerprint) or deleted: every instance goes to Normal with that reason. */
export function resetInstances(
  _ctx: RuleContext,
  previous: readonly AlertInstance[],
  reason: ResetReason,
  now: number,
): { resolved: AlertInstance[]; transitions: StateTransition[] } {
  const resolved = previous.map((prev) => resetInstance(prev, reason, now));
  return { resolved, transitions: resolved.map((next, i) => transitionOf(previous[i]!, next, now)) };
}

/**
 * A missing series gone stale: Normal (MissingSeries), EndsAt = now, StartsAt kept (Grafana only
 * moves the end); a firing one is resolved now, anything else keeps its earlier resolve.
 */
function staleInstance(prev: AlertInstance, t: number): AlertInstance {
  const next: AlertInstance = { ...prev, state: 'Normal', reason: 'MissingSeries', endsAt: t, lastEvalAt: t };
  delete next.error;
  if (FIRING_STATES.has(prev.state)) {
    next.resolvedAt = t;
    next.resolvedFrom = prev.state;
  }
  return next;
}

/**
 * A reset instance (Grafana's DeleteStateByRuleUID): Normal with the reason, EndsAt = now,
 * StartsAt kept only if it already was Normal, values emptied; only a firing one counts as
 * resolved (now), so nothing else is sent.
 */
function resetInstance(prev: AlertInstance, reason: ResetReason, t: number): AlertInstance {
  const startsAt = prev.state === 'Normal' ? prev.startsAt : t;
  const next: AlertInstance = {
    ...prev,
    state: 'Normal',
    reason,
    startsAt,
    endsAt: t,
    lastEvalAt: t,
    values: {},
    resolvedAt: null,
  };
  delete next.error;
  delete next.resolvedFrom;
  if (FIRING_STATES.has(prev.state)) {
    next.resolvedAt = t;
    next.resolvedFrom = prev.state;
  }
  return next;
}

function isStale(ctx: RuleContext, prev: AlertInstance, evalTime: number): boolean {
  const evals =
    prev.state === 'NoData' || prev.state === 'Error'
      ? 1
      : (ctx.rule.missingSeriesEvalsToResolve ?? missingSeriesDefault);
  return evalTime - prev.lastEvalAt >= evals * ctx.rule.intervalSeconds * 1000;
}

interface InstanceUpdate {
  instance: AlertInstance;
  transition: StateTransition;
  templateErrors: string[];
}

/** Which instance a result applies to, and the labels it has. */
interface Subject {
  prev: AlertInstance | undefined;
  fingerprint: string;
  labels: Record<string, string>;
  /** `$labels` of the annotation templates */
  templateLabels: Record<string, string>;
}

function evaluateInstance(
  ctx: RuleContext,
  { prev, fingerprint, labels, templateLabels }: Subject,
  result: EvaluationResult,
  evalTime: number,
  ruleWide: boolean,
): InstanceUpdate {
  const { rule } = ctx;
  // A new instance starts as Normal since now, so its first transition reads `Normal → …`.
  const current: CoreState = prev ?? {
    state: 'Normal',
    reason: '',
    startsAt: evalTime,
    endsAt: evalTime,
    resolvedAt: null,
  };
  const { next, errors } = nextState(rule, current, result.state, evalTime);
  const values = nextValues(prev, result);
  const expansion = expandTemplates(
    rule.annotations,
    { labels: templateLabels, values, valueString: result.evaluationString },
    { ruleTitle: rule.title, externalUrl: ctx.externalUrl, kind: 'annotation' },
  );
  const annotations = expansion.expanded;
  const finalLabels = { ...labels };
  if (ruleWide || errors === 'annotations') addQueryFacts(annotations, result);
  if (errors && result.error !== undefined) annotations.Error = result.error;
  // Error-state labels do not enter the fingerprint: the instance stays the same series.
  if (errors === 'labels') addQueryFacts(finalLabels, result);

  const instance: AlertInstance = {
    orgId: rule.orgId,
    ruleUid: rule.uid,
    fingerprint,
    labels: finalLabels,
    state: next.state,
    reason: next.reason,
    startsAt: next.startsAt,
    endsAt: next.endsAt,
    lastEvalAt: evalTime,
    resolvedAt: next.resolvedAt,
    lastSentAt: prev?.lastSentAt ?? null,
    values,
    annotations,
    evaluationString: result.evaluationString,
  };
  if (next.resolvedFrom !== undefined) instance.resolvedFrom = next.resolvedFrom;
  // The instance carries the error only where it is what the instance shows: Alerting (Error) and Error.
  const showsError = rule.execErrState === 'Alerting' || rule.execErrState === 'Error';
  if (result.state === 'Error' && showsError && result.error !== undefined) instance.error = result.error;
  const from = prev ?? { state: 'Normal' as const, reason: '' };
  return { instance, transition: transitionOf(from, instance, evalTime), templateErrors: expansion.errors };
}

function addQueryFacts(target: Record<string, string>, result: EvaluationResult): void {
  if (result.refId) target.ref_id = result.refId;
  if (result.datasourceUid) target.datasource_uid = result.datasourceUid;
}

function nextValues(
  prev: AlertInstance | undefined,
  result: EvaluationResult,
): Record<string, CapturedValue> {
  if (result.state !== 'NoData' && result.state !== 'Error') return result.values;
  const kept = prev ? Object.entries(prev.values) : [];
  return Object.fromEntries(kept.map(([refId, v]) => [refId, { labels: v.labels, value: sentinel }]));
}

function transitionOf(
  from: Pick<AlertInstance, 'state' | 'reason'>,
  to: AlertInstance,
  at: number,
): StateTransition {
  const transition: StateTransition = {
    orgId: to.orgId,
    ruleUid: to.ruleUid,
    fingerprint: to.fingerprint,
    labels: to.labels,
    from: stateWithReason(from.state, from.reason),
    to: stateWithReason(to.state, to.reason),
    values: to.values,
    at,
  };
  if (to.error !== undefined) transition.error = to.error;
  return transition;
}
