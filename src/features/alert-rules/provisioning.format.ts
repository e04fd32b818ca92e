import { toIso } from '../../lib/clock.js';
import type { AlertRule } from './alert-rule.js';
import type { GroupRuleBody, ProvisionedRuleBody } from './alert-rules.schema.js';
import { formatDuration } from './rule-durations.js';
import { parseDraft, type RuleDraft } from './rule-draft.js';

/** Grafana's `ProvisionedAlertRule` body as a draft (its folder and group are the caller's). */
export function draftFromProvisioned(body: ProvisionedRuleBody | GroupRuleBody): RuleDraft {
  return parseDraft({
    uid: body.uid,
    title: body.title,
    condition: body.condition,
    data: body.data,
    noDataState: body.noDataState,
    execErrState: body.execErrState,
    for: body.for,
    keepFiringFor: body.keep_firing_for,
    labels: body.labels,
    annotations: body.annotations,
    isPaused: body.isPaused,
    notificationSettings: body.notification_settings,
    record: body.record,
    missingSeriesEvalsToResolve: body.missingSeriesEvalsToResolve,
  });
}

/** A rule in Grafana's `ProvisionedAlertRule` JSON shape. */
export function presentProvisioned(rule: AlertRule) {
  return {
    id: rule.id,
    uid: rule.uid,
    orgID: rule.orgId,
    folderUID: rule.folderUid,
    ruleGroup: rule.ruleGroup,
    title: rule.title,
    condition: rule.condition,
    data: rule.data.map((q) => ({
      refId: q.refId,
      queryType: q.queryType ?? '',
      relativeTimeRange: q.relativeTimeRange,
      datasourceUid: q.datasourceUid,
      model: q.model,
    })),
    updated: toIso(rule.updated),
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    for: formatDuration(rule.forSeconds),
    keep_firing_for: formatDuration(rule.keepFiringForSeconds),
    ...(Object.keys(rule.annotations).length ? { annotations: rule.annotations } : {}),
    ...(Object.keys(rule.labels).length ? { labels: rule.labels } : {}),
    provenance: rule.provenance,
    isPaused: rule.isPaused,
    ...(rule.notificationSettings ? { notification_settings: rule.notificationSettings } : {}),
    ...(rule.record ? { record: rule.record } : {}),
    ...(rule.missingSeriesEvalsToResolve !== null
      ? { missingSeriesEvalsToResolve: rule.missingSeriesEvalsToResolve }
      : {}),
  };
}

/** Grafana's `AlertRuleGroup`: `{title, folderUid, interval (seconds), rules}`. */
export function presentProvisionedGroup(folderUid: string, group: string, rules: AlertRule[]) {
  return {
    title: group,
    folderUid,
    interval: rules[0]?.intervalSeconds ?? 0,
    rules: rules.map(presentProvisioned),
  };
}
