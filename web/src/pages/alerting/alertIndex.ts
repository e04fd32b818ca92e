/**
 * Joins the rule engine's instances (Prometheus-compatible view, internal labels hidden) with the
 * Alertmanager's alerts (which keep `__alert_rule_uid__`): by label set, internal labels left out.
 */
import type { GettableAlert } from '../../api/silences.js';
import type { RuleRouting } from './rulesFilter.js';
import { instanceState } from './ruleState.js';

const INTERNAL = new Set(['__alert_rule_uid__', '__alert_rule_namespace_uid__']);

export const RULE_UID_LABEL = '__alert_rule_uid__';

function keyOf(labels: Record<string, string>): string {
  return JSON.stringify(
    Object.keys(labels)
      .filter((name) => !INTERNAL.has(name))
      .sort()
      .map((name) => [name, labels[name]]),
  );
}

/**
 * The labels the Alertmanager got for a rule's instance (what a silence of it must match): a NoData
 * or Error instance is sent as an alert of its own, `alertname` DatasourceNoData or DatasourceError
 * and the rule's title moved to `rulename` (Grafana's relabel, reference §2.7); any other instance
 * as it is. `state` is the API's text (`NoData`, `Alerting (NoData)`: only the state counts).
 */
export function sentLabels(alert: { labels: Record<string, string>; state: string }): Record<string, string> {
  const { state } = instanceState(alert.state);
  if (state !== 'NoData' && state !== 'Error') return alert.labels;
  const labels = { ...alert.labels };
  if (labels.alertname !== undefined) labels.rulename = labels.alertname;
  labels.alertname = state === 'NoData' ? 'DatasourceNoData' : 'DatasourceError';
  return labels;
}

export interface AlertIndex {
  /** the Alertmanager's alert for an instance's labels, if it was sent */
  find(labels: Record<string, string>): GettableAlert | undefined;
  /** where a rule's notifications go: its settings' contact point, its current alerts' receivers */
  routingOf(ruleUid: string, settingsReceiver: string | undefined): RuleRouting;
}

export function indexAlerts(alerts: GettableAlert[]): AlertIndex {
  const byKey = new Map(alerts.map((alert) => [keyOf(alert.labels), alert]));
  const receiversByRule = new Map<string, Set<string>>();
  for (const alert of alerts) {
    const uid = alert.labels[RULE_UID_LABEL];
    if (!uid) continue;
    const set = receiversByRule.get(uid) ?? new Set<string>();
    for (const receiver of alert.receivers) set.add(receiver.name);
    receiversByRule.set(uid, set);
  }
  return {
    find: (labels) => byKey.get(keyOf(labels)),
    routingOf: (ruleUid, settingsReceiver) => ({
      receiver: settingsReceiver,
      alertReceivers: receiversByRule.get(ruleUid) ?? new Set(),
    }),
  };
}
