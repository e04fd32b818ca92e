import { toIso } from '../../lib/clock.js';
import { isExpression, type AlertRule } from '../alert-rules/alert-rule.js';
import { stateWithReason, type AlertInstance, type InstanceState } from './alert-instance.js';
import type { RuleEvaluationStatus } from './state-cache.js';

/**
 * Grafana's Prometheus-compatible views of rule state (`/api/prometheus/grafana/api/v1/rules` and
 * `/alerts`): groups by folder path then name, a rule's state is the worst of its instances, and
 * alerts are sorted by importance (Alerting, Pending, Error, NoData, Normal), then start, then labels.
 */

/** Labels the engine adds for itself, hidden unless `includeInternalLabels`. */
const INTERNAL_LABELS = ['__alert_rule_uid__', '__alert_rule_namespace_uid__'];
const NEVER_EVALUATED = '0001-01-01T00:00:00Z';
const IMPORTANCE: Record<InstanceState, number> = {
  Alerting: 0,
  Pending: 1,
  Recovering: 1,
  Error: 2,
  NoData: 3,
  Normal: 4,
};

export interface AlertsFilter {
  includeInternalLabels: boolean;
  /** -1 = all */
  limitAlerts: number;
  matchers: LabelMatcher[];
}

export interface LabelMatcher {
  name: string;
  value: string;
  isRegex: boolean;
  isEqual: boolean;
}

export function presentAlert(instance: AlertInstance, includeInternalLabels: boolean) {
  const labels = includeInternalLabels
    ? instance.labels
    : Object.fromEntries(Object.entries(instance.labels).filter(([name]) => !INTERNAL_LABELS.includes(name)));
  const firing =
    instance.state === 'Alerting' || instance.state === 'Pending' || instance.state === 'Recovering';
  return {
    labels,
    annotations: instance.annotations,
    state: stateWithReason(instance.state, instance.reason),
    activeAt: toIso(instance.startsAt),
    value: firing ? formatValue(instance) : '',
  };
}

/** Grafana's alert value: the one captured value as Go's `%e`, or `A: 1e+00, B: …` sorted by refId. */
function formatValue(instance: AlertInstance): string {
  const entries = Object.entries(instance.values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 1) return goExponent(entries[0]![1].value);
  return entries.map(([refId, captured]) => `${refId}: ${goExponent(captured.value)}`).join(', ');
}

function goExponent(value: number | null): string {
  if (value === null || Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  return value.toExponential(6).replace(/e([+-])(\d)$/, 'e$10$2');
}

export function sortAlerts(instances: AlertInstance[]): AlertInstance[] {
  return [...instances].sort(
    (a, b) =>
      IMPORTANCE[a.state] - IMPORTANCE[b.state] ||
      a.startsAt - b.startsAt ||
      labelsText(a.labels).localeCompare(labelsText(b.labels)),
  );
}

function labelsText(labels: Record<string, string>): string {
  return Object.keys(labels)
    .sort()
    .map((name) => `${name}=${labels[name]}`)
    .join(',');
}

export function matchesAll(labels: Record<string, string>, matchers: LabelMatcher[]): boolean {
  return matchers.every((m) => {
    const value = labels[m.name] ?? '';
    const hit = m.isRegex ? new RegExp(`^(?:${m.value})$`).test(value) : value === m.value;
    return hit === m.isEqual;
  });
}

/** A rule's state over its instances: firing beats pending beats inactive. */
export function ruleState(instances: AlertInstance[]): 'firing' | 'pending' | 'inactive' {
  if (instances.some((i) => i.state === 'Alerting' || i.state === 'Recovering')) return 'firing';
  if (instances.some((i) => i.state === 'Pending')) return 'pending';
  return 'inactive';
}

function ruleHealth(instances: AlertInstance[], status: RuleEvaluationStatus | undefined): string {
  if (status) return status.health;
  if (instances.some((i) => i.state === 'Error')) return 'error';
  if (instances.some((i) => i.state === 'NoData')) return 'nodata';
  return 'ok';
}

function totalsOf(instances: AlertInstance[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const i of instances) {
    const key = i.state === 'Alerting' ? 'alerting' : i.state.toLowerCase();
    totals[key] = (totals[key] ?? 0) + 1;
  }
  return totals;
}

export function presentRule(
  rule: AlertRule,
  instances: AlertInstance[],
  status: RuleEvaluationStatus | undefined,
  filter: AlertsFilter,
) {
  const visible = sortAlerts(instances.filter((i) => matchesAll(i.labels, filter.matchers)));
  const shown = filter.limitAlerts < 0 ? visible : visible.slice(0, filter.limitAlerts);
  const active = instances.filter((i) => i.state !== 'Normal');
  const activeAt = active.length ? Math.min(...active.map((i) => i.startsAt)) : undefined;
  const lastError = status?.lastError ?? instances.find((i) => i.error)?.error;
  const lastEvaluation =
    status?.lastEvaluation ??
    (instances.length ? Math.max(...instances.map((i) => i.lastEvalAt)) : undefined);
  return {
    state: ruleState(instances),
    name: rule.title,
    query: JSON.stringify(rule.data),
    queriedDatasourceUIDs: [
      ...new Set(rule.data.filter((q) => !isExpression(q)).map((q) => q.datasourceUid)),
    ],
    duration: rule.forSeconds,
    ...(rule.keepFiringForSeconds ? { keepFiringFor: rule.keepFiringForSeconds } : {}),
    annotations: rule.annotations,
    ...(activeAt !== undefined ? { activeAt: toIso(activeAt) } : {}),
    alerts: shown.map((i) => presentAlert(i, filter.includeInternalLabels)),
    totals: totalsOf(instances),
    ...(filter.matchers.length ? { totalsFiltered: totalsOf(visible) } : {}),
    uid: rule.uid,
    folderUid: rule.folderUid,
    labels: rule.labels,
    health: ruleHealth(instances, status),
    ...(lastError ? { lastError } : {}),
    type: rule.record ? 'recording' : 'alerting',
    isPaused: rule.isPaused,
    lastEvaluation: lastEvaluation !== undefined ? toIso(lastEvaluation) : NEVER_EVALUATED,
    evaluationTime: status ? status.durationMs / 1000 : 0,
  };
}
