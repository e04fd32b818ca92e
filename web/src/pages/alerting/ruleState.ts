/** Grafana's state names for rules and their instances, from the Prometheus-compatible view. */
import type { PromRule } from '../../api/alert-rules.js';

/** The states Grafana's rule list shows, for rules and their instances alike. */
export type StateName = 'Normal' | 'Pending' | 'Firing' | 'Recovering' | 'NoData' | 'Error';

export const STATE_NAMES: StateName[] = ['Normal', 'Pending', 'Firing', 'Recovering', 'NoData', 'Error'];

/**
 * A rule's state: the worst of its instances (the server's totals count them all, even those the
 * alerts list leaves out), then its health for a rule whose evaluation failed or found nothing.
 */
export function ruleStateName(rule: PromRule): StateName {
  const totals = rule.totals;
  if (totals.alerting) return 'Firing';
  if (totals.recovering) return 'Recovering';
  if (totals.pending) return 'Pending';
  if (rule.health === 'error' || totals.error) return 'Error';
  if (rule.health === 'nodata' || totals.nodata) return 'NoData';
  return 'Normal';
}

/** An instance state as the API spells it (`Alerting (NoData)`): the state and its reason. */
export function instanceState(text: string): { state: StateName; reason: string } {
  const match = /^(\w+)(?: \((.*)\))?$/.exec(text);
  const state = match?.[1] ?? text;
  const reason = match?.[2] ?? '';
  const name = state === 'Alerting' ? 'Firing' : state;
  return { state: (STATE_NAMES as string[]).includes(name) ? (name as StateName) : 'Normal', reason };
}
