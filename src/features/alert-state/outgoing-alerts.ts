/**
 * What the scheduler hands the dispatcher (reference §2.5, §2.7): when an instance needs sending,
 * and the Alertmanager alert it becomes.
 */

import type { AlertInstance } from './alert-instance.js';
import type { OutgoingAlert } from './alert-sink.js';
import { marshalJSON } from '../alerting/templates/go-json.js';
import { alertFingerprint } from './fingerprint.js';
import type { RuleContext } from './rule-context.js';

/** Grafana's ResendDelay: a firing alert is re-posted at most this often. */
const resendDelayMs = 30_000;
/** Grafana's resolved_alert_retention: a resolved alert is re-posted this long after resolving. */
const resolvedRetentionMs = 15 * 60_000;

/**
 * Grafana's NeedsSending: Pending never; a resolve not sent yet always; Normal otherwise only
 * within 15 min of resolvedAt (measured to `now`); everything else once lastSentAt + 30 s ≤
 * lastEvalAt (so every evaluation of a rule with interval ≥ 30 s, every 30 s for faster ones).
 */
export function needsSending(instance: AlertInstance, now: number): boolean {
  if (instance.state === 'Pending') return false;
  const { resolvedAt, lastSentAt } = instance;
  if (instance.state === 'Normal' && resolvedAt === null) return false;
  if (resolvedAt !== null && (lastSentAt === null || lastSentAt < resolvedAt)) return true;
  if (instance.state === 'Normal' && resolvedAt !== null && now - resolvedAt > resolvedRetentionMs)
    return false;
  return lastSentAt === null || lastSentAt + resendDelayMs <= instance.lastEvalAt;
}

/**
 * The Alertmanager alert of an instance. NoData and Error states (and their resolves) are
 * separate alerts: alertname `DatasourceNoData`/`DatasourceError`, the rule title moved to
 * `rulename`. `__alert_rule_namespace_uid__` stays in svc (the Alertmanager never sees it).
 */
export function toOutgoingAlert(ctx: RuleContext, instance: AlertInstance): OutgoingAlert {
  const labels = { ...instance.labels };
  delete labels.__alert_rule_namespace_uid__;
  const sentAs = instance.state === 'Normal' ? instance.resolvedFrom : instance.state;
  if (sentAs === 'NoData' || sentAs === 'Error') {
    if (labels.alertname !== undefined) labels.rulename = labels.alertname;
    labels.alertname = sentAs === 'NoData' ? 'DatasourceNoData' : 'DatasourceError';
  }

  const annotations: Record<string, string> = { ...instance.annotations, __orgId__: String(instance.orgId) };
  if (instance.evaluationString) annotations.__value_string__ = instance.evaluationString;
  const values = valuesAnnotation(instance);
  if (values !== undefined) annotations.__values__ = values;
  if (instance.reason) annotations.grafana_state_reason = instance.reason;

  return {
    labels,
    annotations,
    startsAt: instance.startsAt,
    // firing: evalTime + 4 × interval; Normal (resolved): the resolve time
    endsAt: instance.endsAt,
    generatorURL: `${ctx.externalUrl}/alerting/grafana/${instance.ruleUid}/view`,
    fingerprint: alertFingerprint(labels),
  };
}

/**
 * `__values__`: the values by refId as Go's encoding/json writes a map[string]float64. Go cannot
 * encode NaN or ±Inf (nor a null capture, which is NaN to Grafana), and Grafana then leaves the
 * annotation out, so svc does too.
 */
function valuesAnnotation(instance: AlertInstance): string | undefined {
  const entries = Object.entries(instance.values);
  if (entries.length === 0) return undefined;
  const numbers: Record<string, number> = {};
  for (const [refId, captured] of entries) {
    if (captured.value === null || !Number.isFinite(captured.value)) return undefined;
    numbers[refId] = captured.value;
  }
  return marshalJSON(numbers);
}
