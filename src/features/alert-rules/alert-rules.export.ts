import type { AlertRule } from './alert-rule.js';
import { formatDuration } from './rule-durations.js';
import { groupsOf } from './ruler.format.js';

/**
 * Grafana's export (`AlertingFileExport`): the file-provisioning format, which differs from the
 * API's — the group's interval is a duration string, `keepFiringFor` is camelCase and
 * `missing_series_evals_to_resolve` snake_case, and a `$` in names, labels and notification
 * settings is written `$$` (file provisioning expands `$VAR`, and `$$` back to `$`).
 */
const escape = (text: string) => text.replaceAll('$', '$$$$');
const escapeMap = (map: Record<string, string>) =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [escape(k), escape(v)]));

function escapeDeep(value: unknown): unknown {
  if (typeof value === 'string') return escape(value);
  if (Array.isArray(value)) return value.map(escapeDeep);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeDeep(v)]));
  return value;
}

function exportRule(rule: AlertRule) {
  return {
    uid: rule.uid,
    title: escape(rule.title),
    condition: rule.condition,
    data: rule.data.map((q) => ({
      refId: q.refId,
      ...(q.queryType ? { queryType: q.queryType } : {}),
      relativeTimeRange: q.relativeTimeRange,
      datasourceUid: q.datasourceUid,
      model: q.model,
    })),
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    for: formatDuration(rule.forSeconds),
    ...(rule.keepFiringForSeconds ? { keepFiringFor: formatDuration(rule.keepFiringForSeconds) } : {}),
    ...(Object.keys(rule.annotations).length ? { annotations: rule.annotations } : {}),
    ...(Object.keys(rule.labels).length ? { labels: escapeMap(rule.labels) } : {}),
    isPaused: rule.isPaused,
    ...(rule.notificationSettings ? { notification_settings: escapeDeep(rule.notificationSettings) } : {}),
    ...(rule.record ? { record: rule.record } : {}),
    ...(rule.missingSeriesEvalsToResolve !== null
      ? { missing_series_evals_to_resolve: rule.missingSeriesEvalsToResolve }
      : {}),
  };
}

/** The export document of rules ordered by folder, group, index; `folderTitle` names each folder. */
export function exportDocument(rules: AlertRule[], folderTitle: (uid: string) => string) {
  return {
    apiVersion: 1,
    groups: groupsOf(rules).map((g) => ({
      orgId: g.rules[0]!.orgId,
      name: escape(g.group),
      folder: folderTitle(g.folderUid),
      interval: formatDuration(g.rules[0]!.intervalSeconds),
      rules: g.rules.map(exportRule),
    })),
  };
}
