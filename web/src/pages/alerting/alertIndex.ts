/**
 * Joins the rule engine's instances (Prometheus-compatible view, internal labels hidden) with the
 * Alertmanager's alerts (which keep `__alert_rule_uid__`): by label set, internal labels left out.
 */
import type { GettableAlert } from '../../api/silences.js';
import type { RuleRouting } from './rulesFilter.js';

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
