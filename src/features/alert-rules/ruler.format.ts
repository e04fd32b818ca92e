import { toIso } from '../../lib/clock.js';
import type { AlertRule } from './alert-rule.js';
import type { RulerRuleBody } from './alert-rules.schema.js';
import { formatDuration } from './rule-durations.js';
import { parseDraft, type RuleDraft } from './rule-draft.js';

/** One rule of Grafana's `PostableRuleGroupConfig` as a draft. */
export function draftFromRuler(body: RulerRuleBody): RuleDraft {
  const alert = body.grafana_alert;
  return parseDraft({
    uid: alert.uid,
    title: alert.title,
    condition: alert.condition,
    data: alert.data,
    noDataState: alert.no_data_state,
    execErrState: alert.exec_err_state,
    for: body.for,
    keepFiringFor: body.keep_firing_for,
    labels: body.labels,
    annotations: body.annotations,
    isPaused: alert.is_paused,
    notificationSettings: alert.notification_settings,
    record: alert.record,
    missingSeriesEvalsToResolve: alert.missing_series_evals_to_resolve,
  });
}

/**
 * Grafana's `GettableExtendedRuleNode`: `for`, `keep_firing_for`, labels and annotations at the
 * node, the rest under `grafana_alert` in Grafana's snake/camel mix.
 */
export function presentRulerRule(rule: AlertRule) {
  return {
    expr: '',
    for: formatDuration(rule.forSeconds),
    keep_firing_for: formatDuration(rule.keepFiringForSeconds),
    labels: rule.labels,
    annotations: rule.annotations,
    grafana_alert: {
      id: rule.id,
      orgId: rule.orgId,
      title: rule.title,
      condition: rule.condition,
      data: rule.data.map((q) => ({ ...q, queryType: q.queryType ?? '' })),
      updated: toIso(rule.updated),
      updated_by: rule.updatedBy === null ? null : { uid: String(rule.updatedBy), name: '' },
      intervalSeconds: rule.intervalSeconds,
      version: rule.version,
      uid: rule.uid,
      namespace_uid: rule.folderUid,
      rule_group: rule.ruleGroup,
      no_data_state: rule.noDataState,
      exec_err_state: rule.execErrState,
      is_paused: rule.isPaused,
      provenance: rule.provenance,
      ...(rule.notificationSettings ? { notification_settings: rule.notificationSettings } : {}),
      ...(rule.record ? { record: rule.record } : {}),
      ...(rule.missingSeriesEvalsToResolve !== null
        ? { missing_series_evals_to_resolve: rule.missingSeriesEvalsToResolve }
        : {}),
      metadata: {
        editor_settings: {
          simplified_query_and_expressions_section: false,
          simplified_notifications_section: false,
        },
      },
      guid: `${rule.orgId}-${rule.uid}`,
    },
  };
}

/** Grafana's `GettableRuleGroupConfig`: `{name, interval, rules}`. */
export function presentRulerGroup(group: string, rules: AlertRule[]) {
  return {
    name: group,
    interval: formatDuration(rules[0]?.intervalSeconds ?? 0),
    rules: rules.map(presentRulerRule),
  };
}

/** Rules (ordered by folder, group, index) as groups, in the order they come. */
export function groupsOf(rules: AlertRule[]): { folderUid: string; group: string; rules: AlertRule[] }[] {
  const groups: { folderUid: string; group: string; rules: AlertRule[] }[] = [];
  for (const rule of rules) {
    const last = groups.at(-1);
    if (last && last.folderUid === rule.folderUid && last.group === rule.ruleGroup) last.rules.push(rule);
    else groups.push({ folderUid: rule.folderUid, group: rule.ruleGroup, rules: [rule] });
  }
  return groups;
}
