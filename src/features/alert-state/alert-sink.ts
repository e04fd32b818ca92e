/**
 * The one interface between the rule engine and the dispatcher (issue #16 → #17): after each
 * evaluation the scheduler hands over the alerts of the rule that need sending — firing ones, and
 * resolved ones with `endsAt` at the resolve time — in Alertmanager's shape. The dispatcher
 * (routing, grouping, silences, delivery) implements it; until it exists the sink records them.
 */

export interface OutgoingAlert {
  /** as the Alertmanager receives them (`__alert_rule_namespace_uid__` removed) */
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** epoch ms */
  startsAt: number;
  /** epoch ms; in the past (or now) for a resolved alert */
  endsAt: number;
  /** `<root_url>/alerting/grafana/<ruleUid>/view` */
  generatorURL: string;
  /** FNV-1a 64 of `labels`, 16 hex digits (Alertmanager's fingerprint) */
  fingerprint: string;
}

export interface AlertSink {
  /** Never throws; must not block evaluation (queue and return). */
  deliver(orgId: number, alerts: OutgoingAlert[]): void;
}
