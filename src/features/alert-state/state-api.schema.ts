import { Type } from 'typebox';

/**
 * Response shapes of Grafana's Prometheus-compatible state APIs and of the state history
 * (state-api.service.ts, prometheus-rules.ts). A bad parameter answers the Prometheus error body
 * `{status, errorType, error}` with 400, which has no schema here (errors are not serialised
 * through these).
 */

const Labels = Type.Record(Type.String(), Type.String());
const Counts = Type.Record(Type.String(), Type.Number());

/** One alert instance as the Prometheus API shows it. */
const PrometheusAlert = Type.Object({
  labels: Labels,
  annotations: Labels,
  /** `Alerting`, `Normal (Paused)`, …: the state with its reason */
  state: Type.String(),
  activeAt: Type.String({ format: 'date-time' }),
  /** the captured values as text; empty unless firing or pending */
  value: Type.String(),
});

const PrometheusRule = Type.Object({
  state: Type.Union([Type.Literal('firing'), Type.Literal('pending'), Type.Literal('inactive')]),
  name: Type.String(),
  /** the rule's queries as JSON text, as Grafana shows them */
  query: Type.String(),
  queriedDatasourceUIDs: Type.Array(Type.String()),
  duration: Type.Number(),
  keepFiringFor: Type.Optional(Type.Number()),
  annotations: Labels,
  activeAt: Type.Optional(Type.String({ format: 'date-time' })),
  alerts: Type.Array(PrometheusAlert),
  totals: Counts,
  // only with `matcher` filters
  totalsFiltered: Type.Optional(Counts),
  uid: Type.String(),
  folderUid: Type.String(),
  labels: Labels,
  health: Type.String(),
  lastError: Type.Optional(Type.String()),
  /** 'alerting' or 'recording' */
  type: Type.String(),
  isPaused: Type.Boolean(),
  /** `0001-01-01T00:00:00Z` when never evaluated (Go's zero time) */
  lastEvaluation: Type.String(),
  /** seconds */
  evaluationTime: Type.Number(),
});

const PrometheusRuleGroup = Type.Object({
  name: Type.String(),
  /** the folder's full path */
  file: Type.String(),
  folderUid: Type.String(),
  rules: Type.Array(PrometheusRule),
  totals: Counts,
  interval: Type.Number(),
  lastEvaluation: Type.String(),
  evaluationTime: Type.Number(),
});

/** always 'success' (a bad parameter answers 400) */
const Success = Type.String();

/** GET /api/prometheus/{svc,grafana}/api/v1/rules */
export const PrometheusRulesResponse = Type.Object({
  status: Success,
  data: Type.Object({ groups: Type.Array(PrometheusRuleGroup), totals: Counts }),
});

/** GET /api/prometheus/{svc,grafana}/api/v1/alerts */
export const PrometheusAlertsResponse = Type.Object({
  status: Success,
  data: Type.Object({ alerts: Type.Array(PrometheusAlert) }),
});

/** The `line` column: one state transition, as Grafana's history writes it. */
const HistoryLine = Type.Object({
  schemaVersion: Type.Number(),
  previous: Type.String(),
  current: Type.String(),
  error: Type.Optional(Type.String()),
  values: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Null()])),
  ruleUID: Type.String(),
  ruleTitle: Type.String(),
  fingerprint: Type.String(),
  labels: Labels,
});

/** The `labels` column: the stream labels of Grafana's Loki history. */
const HistoryStream = Type.Object({ folderUID: Type.String(), from: Type.String(), orgID: Type.String() });

const FrameField = Type.Object({
  name: Type.String(),
  type: Type.String(),
  typeInfo: Type.Object({ frame: Type.String() }),
});

/**
 * GET /api/v1/rules/history: one data frame (wire form) with three columns, time (epoch ms),
 * line and labels; `data.values` holds one array per column, in that order.
 */
export const StateHistoryFrame = Type.Object({
  schema: Type.Object({ fields: Type.Array(FrameField) }),
  data: Type.Object({
    values: Type.Array(
      Type.Union([Type.Array(Type.Number()), Type.Array(HistoryLine), Type.Array(HistoryStream)]),
    ),
  }),
});
