/**
 * A Grafana-managed alert rule as the rest of svc sees it (issue #16): the rule engine
 * (alert-scheduler, alert-state, alert-expressions) reads these, the alert-rules feature owns
 * their storage and the three APIs that edit them.
 */

export const NO_DATA_STATES = ['NoData', 'Alerting', 'OK', 'KeepLast'] as const;
export type NoDataState = (typeof NO_DATA_STATES)[number];

export const EXEC_ERR_STATES = ['Error', 'Alerting', 'OK', 'KeepLast'] as const;
export type ExecErrState = (typeof EXEC_ERR_STATES)[number];

/** The data source uid that marks a server-side expression (older clients send `-100`). */
export const EXPRESSION_DATASOURCE_UID = '__expr__';

/** Whether a rule's query is a server-side expression, in either spelling. */
export function isExpression(query: Pick<AlertQuery, 'datasourceUid'>): boolean {
  return query.datasourceUid === EXPRESSION_DATASOURCE_UID || query.datasourceUid === '-100';
}

/** One query or expression of a rule; `from`/`to` are seconds before the evaluation time. */
export interface AlertQuery {
  refId: string;
  queryType?: string;
  relativeTimeRange: { from: number; to: number };
  datasourceUid: string;
  model: Record<string, unknown>;
}

/** Simplified routing: send this rule's alerts to one contact point directly. */
export interface NotificationSettings {
  receiver: string;
  group_by?: string[];
  group_wait?: string;
  group_interval?: string;
  repeat_interval?: string;
  mute_time_intervals?: string[];
  active_time_intervals?: string[];
}

export interface AlertRule {
  id: number;
  orgId: number;
  uid: string;
  title: string;
  folderUid: string;
  ruleGroup: string;
  /** position within its group */
  ruleGroupIndex: number;
  /** the group's evaluation interval: a multiple of the 10 s base interval */
  intervalSeconds: number;
  /** refId whose result decides the state */
  condition: string;
  data: AlertQuery[];
  noDataState: NoDataState;
  execErrState: ExecErrState;
  forSeconds: number;
  keepFiringForSeconds: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  isPaused: boolean;
  notificationSettings: NotificationSettings | null;
  /** a recording rule: `{metric, from, target_datasource_uid?}` (stored, not evaluated yet) */
  record: Record<string, unknown> | null;
  /** evaluations a series may be missing before its instance resolves (default 2) */
  missingSeriesEvalsToResolve: number | null;
  provenance: '' | 'api' | 'file';
  /** bumped for every rule of a group whenever any rule of the group changes */
  version: number;
  /** epoch ms */
  updated: number;
  updatedBy: number | null;
}

/** The scheduler's base interval: every group interval is a multiple of it. */
export const BASE_INTERVAL_SECONDS = 10;
/** A new group's interval when none is given (Grafana: 6 × base). */
export const DEFAULT_GROUP_INTERVAL_SECONDS = 60;
