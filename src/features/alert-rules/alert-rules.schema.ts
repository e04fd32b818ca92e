import { Type, type Static, type TSchema } from 'typebox';
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

// ---- responses (provisioning.format.ts, ruler.format.ts) ----

const Labels = Type.Record(Type.String(), Type.String());

/** A stored query or expression; `model` is the data source's or expression's own JSON. */
const AlertQueryOut = Type.Object({
  refId: Type.String(),
  queryType: Type.String(),
  relativeTimeRange: Type.Object({ from: Type.Number(), to: Type.Number() }),
  datasourceUid: Type.String(),
  model: Type.Record(Type.String(), Type.Unknown()),
});

const NotificationSettingsOut = Type.Object({
  receiver: Type.String(),
  group_by: Type.Optional(Type.Array(Type.String())),
  group_wait: Type.Optional(Type.String()),
  group_interval: Type.Optional(Type.String()),
  repeat_interval: Type.Optional(Type.String()),
  mute_time_intervals: Type.Optional(Type.Array(Type.String())),
  active_time_intervals: Type.Optional(Type.Array(Type.String())),
});

/**
 * A recording rule's settings. Open: a provisioning file's `record` mapping is stored as written
 * (alert-rules.files.ts), so keys beyond these three come back as they went in; typed as the
 * domain's `AlertRule.record`.
 */
const RecordOut = Type.Unsafe<Record<string, unknown>>(
  Type.Object(
    {
      metric: Type.String(),
      from: Type.String(),
      target_datasource_uid: Type.Optional(Type.String()),
    },
    { additionalProperties: true },
  ),
);

/** Grafana's `ProvisionedAlertRule` (labels and annotations only when not empty). */
export const ProvisionedRule = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  orgID: Type.Integer(),
  folderUID: Type.String(),
  ruleGroup: Type.String(),
  title: Type.String(),
  condition: Type.String(),
  data: Type.Array(AlertQueryOut),
  updated: Type.String({ format: 'date-time' }),
  noDataState: Type.String(),
  execErrState: Type.String(),
  for: Type.String(),
  keep_firing_for: Type.String(),
  annotations: Type.Optional(Labels),
  labels: Type.Optional(Labels),
  /** '' (none), 'api' or 'file' */
  provenance: Type.String(),
  isPaused: Type.Boolean(),
  notification_settings: Type.Optional(NotificationSettingsOut),
  record: Type.Optional(RecordOut),
  missingSeriesEvalsToResolve: Type.Optional(Type.Integer()),
});

/** Grafana's `AlertRuleGroup` (interval in seconds). */
export const ProvisionedGroup = Type.Object({
  title: Type.String(),
  folderUid: Type.String(),
  interval: Type.Integer(),
  rules: Type.Array(ProvisionedRule),
});

/**
 * Grafana's `GettableExtendedRuleNode`; also the shape of the version snapshots that
 * `…/rule/:uid/versions` answers (alert-rules.feature.ts stores presentRulerRule's output).
 */
export const RulerRule = Type.Object({
  expr: Type.String(),
  for: Type.String(),
  keep_firing_for: Type.String(),
  labels: Labels,
  annotations: Labels,
  grafana_alert: Type.Object({
    id: Type.Integer(),
    orgId: Type.Integer(),
    title: Type.String(),
    condition: Type.String(),
    data: Type.Array(AlertQueryOut),
    updated: Type.String({ format: 'date-time' }),
    updated_by: Type.Union([Type.Object({ uid: Type.String(), name: Type.String() }), Type.Null()]),
    intervalSeconds: Type.Integer(),
    version: Type.Integer(),
    uid: Type.String(),
    namespace_uid: Type.String(),
    rule_group: Type.String(),
    no_data_state: Type.String(),
    exec_err_state: Type.String(),
    is_paused: Type.Boolean(),
    provenance: Type.String(),
    notification_settings: Type.Optional(NotificationSettingsOut),
    record: Type.Optional(RecordOut),
    missing_series_evals_to_resolve: Type.Optional(Type.Integer()),
    metadata: Type.Object({
      editor_settings: Type.Object({
        simplified_query_and_expressions_section: Type.Boolean(),
        simplified_notifications_section: Type.Boolean(),
      }),
    }),
    guid: Type.String(),
  }),
});

/** Grafana's `GettableRuleGroupConfig` (interval as a duration, "1m"). */
export const RulerGroup = Type.Object({
  name: Type.String(),
  interval: Type.String(),
  rules: Type.Array(RulerRule),
});

/** The ruler's list: groups by the folder's full path. */
export const RulerNamespaces = Type.Record(Type.String(), Type.Array(RulerGroup));

/** The ruler's POST answer (202): what the replacement did, by rule uid. */
export const RulerGroupUpdated = Type.Object({
  message: Type.String(),
  created: Type.Array(Type.String()),
  updated: Type.Array(Type.String()),
  deleted: Type.Array(Type.String()),
});

export const RulesMessage = Type.Object({ message: Type.String() });

/** DELETE answers 204 with no body. */
export const NoContent = Type.Null({ description: 'No Content' });
