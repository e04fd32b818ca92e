import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { LIMITS, MAX_ID } from '../../lib/limits.js';

/**
 * Request bodies of the provisioning and ruler APIs. Columns (migration 0011) bound the indexed
 * strings; label and annotation values and query models live in unbounded JSON columns, bounded
 * here by sane limits (and the body limit). Enum-like fields are plain strings so the service
 * answers with Grafana's own messages (`unknown NoData state option X`).
 */
export const RULE_LIMITS = {
  /** alert_rule.title and rule_group (shortText) */
  title: 190,
  group: 190,
  /** alert_rule.condition, a query refId */
  refId: 40,
  /** no_data_state, exec_err_state, provenance columns */
  state: 20,
  duration: 64,
  queryType: 190,
  labelValue: 10_000,
  name: 190,
} as const;

const Str = (maxLength: number) => Type.String({ maxLength });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const StringMap = Type.Record(Type.String(), Str(RULE_LIMITS.labelValue));

const AlertQuery = Type.Object({
  refId: Str(RULE_LIMITS.refId),
  queryType: Type.Optional(Str(RULE_LIMITS.queryType)),
  relativeTimeRange: Type.Optional(
    Type.Object({ from: Type.Optional(Type.Number()), to: Type.Optional(Type.Number()) }),
  ),
  datasourceUid: Str(LIMITS.uid),
  model: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type AlertQueryBody = Static<typeof AlertQuery>;

const NotificationSettingsBody = Type.Object({
  receiver: Str(RULE_LIMITS.name),
  group_by: Type.Optional(Type.Array(Str(RULE_LIMITS.name))),
  group_wait: Type.Optional(Str(RULE_LIMITS.duration)),
  group_interval: Type.Optional(Str(RULE_LIMITS.duration)),
  repeat_interval: Type.Optional(Str(RULE_LIMITS.duration)),
  mute_time_intervals: Type.Optional(Type.Array(Str(RULE_LIMITS.name))),
  active_time_intervals: Type.Optional(Type.Array(Str(RULE_LIMITS.name))),
});
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

const RecordBody = Type.Object({
  metric: Str(RULE_LIMITS.name),
  from: Str(RULE_LIMITS.refId),
  target_datasource_uid: Type.Optional(Str(LIMITS.uid)),
});

/** The fields of a `ProvisionedAlertRule` shared by the single-rule and the group bodies. */
const provisionedFields = {
  id: Type.Optional(Type.Integer({ maximum: MAX_ID })),
  uid: Type.Optional(Str(LIMITS.uid)),
  // Grafana compat: sent by clients, overwritten with the caller's org.
  orgID: Type.Optional(Type.Integer({ maximum: MAX_ID })),
  title: Str(RULE_LIMITS.title),
  condition: Type.Optional(Str(RULE_LIMITS.refId)),
  data: Type.Array(AlertQuery),
  noDataState: Type.Optional(Str(RULE_LIMITS.state)),
  execErrState: Type.Optional(Str(RULE_LIMITS.state)),
  for: Type.Optional(Str(RULE_LIMITS.duration)),
  keep_firing_for: Type.Optional(Str(RULE_LIMITS.duration)),
  annotations: Type.Optional(StringMap),
  labels: Type.Optional(StringMap),
  isPaused: Type.Optional(Type.Boolean()),
  notification_settings: Type.Optional(Nullable(NotificationSettingsBody)),
  record: Type.Optional(Nullable(RecordBody)),
  missingSeriesEvalsToResolve: Type.Optional(Nullable(Type.Integer({ maximum: MAX_ID }))),
  // Grafana compat: accepted and ignored (the X-Disable-Provenance header decides).
  provenance: Type.Optional(Str(RULE_LIMITS.state)),
};

export const ProvisionedRuleBody = Type.Object({
  ...provisionedFields,
  folderUID: Str(LIMITS.uid),
  ruleGroup: Type.String({ minLength: 1, maxLength: RULE_LIMITS.group }),
});
export type ProvisionedRuleBody = Static<typeof ProvisionedRuleBody>;

/** A rule of a group body: its folder and group come from the path. */
const GroupRuleBody = Type.Object({
  ...provisionedFields,
  folderUID: Type.Optional(Str(LIMITS.uid)),
  ruleGroup: Type.Optional(Str(RULE_LIMITS.group)),
});
export type GroupRuleBody = Static<typeof GroupRuleBody>;

export const ProvisionedGroupBody = Type.Object({
  title: Type.Optional(Str(RULE_LIMITS.group)),
  folderUid: Type.Optional(Str(LIMITS.uid)),
  interval: Type.Optional(Type.Integer({ maximum: MAX_ID })),
  rules: Type.Array(GroupRuleBody),
});
export type ProvisionedGroupBody = Static<typeof ProvisionedGroupBody>;

const GrafanaAlertBody = Type.Object({
  uid: Type.Optional(Str(LIMITS.uid)),
  title: Str(RULE_LIMITS.title),
  condition: Type.Optional(Str(RULE_LIMITS.refId)),
  data: Type.Array(AlertQuery),
  no_data_state: Type.Optional(Str(RULE_LIMITS.state)),
  exec_err_state: Type.Optional(Str(RULE_LIMITS.state)),
  is_paused: Type.Optional(Type.Boolean()),
  notification_settings: Type.Optional(Nullable(NotificationSettingsBody)),
  record: Type.Optional(Nullable(RecordBody)),
  missing_series_evals_to_resolve: Type.Optional(Nullable(Type.Integer({ maximum: MAX_ID }))),
});

const RulerRuleBody = Type.Object({
  for: Type.Optional(Str(RULE_LIMITS.duration)),
  keep_firing_for: Type.Optional(Str(RULE_LIMITS.duration)),
  labels: Type.Optional(StringMap),
  annotations: Type.Optional(StringMap),
  grafana_alert: GrafanaAlertBody,
});
export type RulerRuleBody = Static<typeof RulerRuleBody>;

/** Grafana's `PostableRuleGroupConfig`: the whole group, replacing the stored one. */
export const RulerGroupBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: RULE_LIMITS.group }),
  interval: Type.Optional(Str(RULE_LIMITS.duration)),
  rules: Type.Array(RulerRuleBody),
});
export type RulerGroupBody = Static<typeof RulerGroupBody>;

export const RuleUidParams = Type.Object({ uid: Str(LIMITS.uid) });
export const FolderParams = Type.Object({ folderUid: Str(LIMITS.uid) });
export const GroupParams = Type.Object({ folderUid: Str(LIMITS.uid), group: Str(RULE_LIMITS.group) });

const Format = Type.Optional(Type.Union([Type.Literal('yaml'), Type.Literal('json')]));

export const ExportQuery = Type.Object({
  folderUid: Type.Optional(Type.Union([Str(LIMITS.uid), Type.Array(Str(LIMITS.uid))])),
  group: Type.Optional(Str(RULE_LIMITS.group)),
  ruleUid: Type.Optional(Str(LIMITS.uid)),
  format: Format,
  download: Type.Optional(Type.Boolean()),
});
export type ExportQuery = Static<typeof ExportQuery>;

export const FormatQuery = Type.Object({ format: Format, download: Type.Optional(Type.Boolean()) });

export const RulerListQuery = Type.Object({
  dashboard_uid: Type.Optional(Str(LIMITS.uid)),
  panel_id: Type.Optional(Type.Integer({ maximum: MAX_ID })),
});
