import type { CapturedValue } from '../alert-expressions/evaluation-result.js';

/**
 * The state of one alert instance (a rule and one label set) between evaluations (issue #16):
 * what the state machine reads and returns, what is persisted in `alert_instance` and what the
 * Prometheus-compatible API shows.
 */

export type InstanceState = 'Normal' | 'Pending' | 'Alerting' | 'Recovering' | 'NoData' | 'Error';

export interface AlertInstance {
  orgId: number;
  ruleUid: string;
  /** FNV-1 64 of the sorted labels, 16 lower-case hex digits (Grafana's state cache id) */
  fingerprint: string;
  /** full label set: query labels + rule labels (templated) + alertname, grafana_folder, __alert_rule_uid__, … */
  labels: Record<string, string>;
  state: InstanceState;
  /** '' or Grafana's reason: `NoData`, `Error`, `MissingSeries`, `Paused`, `Updated`, `RuleDeleted`, `KeepLast`, … */
  reason: string;
  /** epoch ms: when the current state began (Pending: when the condition first held) */
  startsAt: number;
  /** epoch ms: for firing states evalTime + 4 × max(interval, 30 s); otherwise the resolve time */
  endsAt: number;
  lastEvalAt: number;
  /** epoch ms: set when the instance left Alerting/Recovering for Normal (a resolved notification is due) */
  resolvedAt: number | null;
  /**
   * The state it left for Normal at `resolvedAt` (kept while Normal): a NoData or Error alert was
   * sent as `DatasourceNoData`/`DatasourceError`, so its resolve must carry that alertname too.
   * Optional: an instance without it resolves under its own alertname.
   */
  resolvedFrom?: InstanceState;
  /** epoch ms: when the dispatcher last received it (maintained by the scheduler) */
  lastSentAt: number | null;
  values: Record<string, CapturedValue>;
  /** annotations after templating */
  annotations: Record<string, string>;
  /** the last error (Error state / Alerting (Error)) */
  error?: string;
  /** Grafana's `$value` string of the last evaluation */
  evaluationString: string;
}

/** One recorded change of an instance's state (`State` or `State (Reason)` strings). */
export interface StateTransition {
  orgId: number;
  ruleUid: string;
  fingerprint: string;
  labels: Record<string, string>;
  from: string;
  to: string;
  values: Record<string, CapturedValue>;
  error?: string;
  at: number;
}

/** Grafana's `State (Reason)` form. */
export function stateWithReason(state: InstanceState, reason: string): string {
  return reason ? `${state} (${reason})` : state;
}
