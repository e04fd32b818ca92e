import type { Identity } from '../../access/identity.js';
import type { Authorizer } from '../../access/authorizer.js';
import { toIso } from '../../lib/clock.js';
import type { AlertRule } from '../alert-rules/alert-rule.js';
import { readRulesIn } from '../alert-rules/alert-rules.access.js';
import type { AlertRulesLookup } from '../alert-rules/alert-rules.lookup.js';
import type { AlertInstance } from './alert-instance.js';
import type { InstancesStore } from './instances.store.js';
import { presentAlert, presentRule, sortAlerts, type AlertsFilter } from './prometheus-rules.js';
import type { StateCache } from './state-cache.js';
import type { HistoryRow, StateHistoryStore } from './state-history.store.js';

export interface RulesQuery extends AlertsFilter {
  folderUid?: string;
  ruleGroups: string[];
  ruleNames: string[];
  /** rule states: firing, pending, inactive, plus the health values nodata and error */
  states: string[];
  dashboardUid?: string;
  panelId?: number;
}

export interface HistoryFilter {
  ruleUid?: string;
  from?: number;
  to?: number;
  limit: number;
  labels: Record<string, string>;
}

const HISTORY_SCAN_LIMIT = 5000;

/**
 * The read side of rule state: the Prometheus-compatible rules and alerts lists and the state
 * history, limited to the folders whose rules the caller may read. State comes from memory on the
 * instance that evaluates, from the database elsewhere (HA).
 */
export function createStateApiService(deps: {
  rules: Pick<AlertRulesLookup, 'rulesOf' | 'folderInfo'>;
  states: StateCache;
  store: InstancesStore;
  history: StateHistoryStore;
  authorizer: Authorizer;
}) {
  const { authorizer } = deps;

  async function readableRules(identity: Identity): Promise<AlertRule[]> {
    const rules = await deps.rules.rulesOf(identity.orgId);
    const folders = [...new Set(rules.map((rule) => rule.folderUid))];
    const readable = new Set(await authorizer.filter(identity, folders, readRulesIn, readRulesIn('*')));
    return rules.filter((rule) => readable.has(rule.folderUid));
  }

  async function instancesByRule(orgId: number): Promise<Map<string, AlertInstance[]>> {
    const all = deps.states.isWarm ? deps.states.ofOrg(orgId) : await deps.store.ofOrg(orgId);
    const byRule = new Map<string, AlertInstance[]>();
    for (const instance of all) {
      const list = byRule.get(instance.ruleUid);
      if (list) list.push(instance);
      else byRule.set(instance.ruleUid, [instance]);
    }
    return byRule;
  }

  return {
    async rules(identity: Identity, query: RulesQuery) {
      const rules = (await readableRules(identity)).filter(
        (rule) =>
          (query.folderUid === undefined || rule.folderUid === query.folderUid) &&
          (query.ruleGroups.length === 0 || query.ruleGroups.includes(rule.ruleGroup)) &&
          (query.ruleNames.length === 0 || query.ruleNames.includes(rule.title)) &&
          (query.dashboardUid === undefined || rule.annotations.__dashboardUid__ === query.dashboardUid) &&
          (query.panelId === undefined || rule.annotations.__panelId__ === String(query.panelId)),
      );
      const instances = await instancesByRule(identity.orgId);
      const groups = new Map<
        string,
        { folderUid: string; name: string; rules: ReturnType<typeof presentRule>[]; rows: AlertRule[] }
      >();
      for (const rule of rules) {
        const ruleInstances = instances.get(rule.uid) ?? [];
        const presented = presentRule(rule, ruleInstances, deps.states.statusOf(rule.orgId, rule.uid), query);
        if (
          query.states.length &&
          !query.states.includes(presented.state) &&
          !query.states.includes(presented.health)
        ) {
          continue;
        }
        const key = `${rule.folderUid}\u0000${rule.ruleGroup}`;
        let group = groups.get(key);
        if (!group)
          groups.set(key, (group = { folderUid: rule.folderUid, name: rule.ruleGroup, rules: [], rows: [] }));
        group.rules.push(presented);
        group.rows.push(rule);
      }
      const presented = await Promise.all(
        [...groups.values()].map(async (group) => {
          const folder = await deps.rules.folderInfo(identity.orgId, group.folderUid);
          const evaluated = group.rows
            .map((rule) => deps.states.statusOf(rule.orgId, rule.uid))
            .filter((s) => s !== undefined);
          const totals: Record<string, number> = {};
          for (const rule of group.rules) totals[rule.state] = (totals[rule.state] ?? 0) + 1;
          return {
            name: group.name,
            file: folder?.fullPath ?? group.folderUid,
            folderUid: group.folderUid,
            rules: group.rules,
            totals,
            interval: group.rows[0]?.intervalSeconds ?? 0,
            lastEvaluation: evaluated.length
              ? toIso(Math.max(...evaluated.map((s) => s.lastEvaluation)))
              : '0001-01-01T00:00:00Z',
            evaluationTime: evaluated.reduce((sum, s) => sum + s.durationMs, 0) / 1000,
          };
        }),
      );
      presented.sort((a, b) => compare(a.file, b.file) || compare(a.name, b.name));
      const totals: Record<string, number> = {};
      for (const group of presented)
        for (const rule of group.rules) totals[rule.state] = (totals[rule.state] ?? 0) + 1;
      return { status: 'success', data: { groups: presented, totals } };
    },

    async alerts(identity: Identity, includeInternalLabels: boolean) {
      const readable = new Set((await readableRules(identity)).map((rule) => rule.uid));
      const instances = [...(await instancesByRule(identity.orgId))]
        .filter(([ruleUid]) => readable.has(ruleUid))
        .flatMap(([, list]) => list);
      return {
        status: 'success',
        data: { alerts: sortAlerts(instances).map((i) => presentAlert(i, includeInternalLabels)) },
      };
    },

    /** Grafana's history API answers a data frame: time, line (the transition as JSON), labels. */
    async history(identity: Identity, filter: HistoryFilter) {
      const rules = await readableRules(identity);
      const wholeOrg = await authorizer.can(identity, readRulesIn('*'));
      const folderUids = wholeOrg ? null : [...new Set(rules.map((rule) => rule.folderUid))];
      const labelFilters = Object.entries(filter.labels);
      const rows = await deps.history.find(identity.orgId, {
        ...(filter.ruleUid !== undefined ? { ruleUid: filter.ruleUid } : {}),
        ...(filter.from !== undefined ? { from: filter.from } : {}),
        ...(filter.to !== undefined ? { to: filter.to } : {}),
        limit: labelFilters.length ? HISTORY_SCAN_LIMIT : filter.limit,
        folderUids,
      });
      const matching = rows
        .map((row) => ({ row, labels: JSON.parse(row.labels) as Record<string, string> }))
        .filter(({ labels }) => labelFilters.every(([name, value]) => labels[name] === value))
        .slice(0, filter.limit)
        .reverse();
      return {
        schema: {
          fields: [
            { name: 'time', type: 'time', typeInfo: { frame: 'time.Time' } },
            { name: 'line', type: 'other', typeInfo: { frame: 'json.RawMessage' } },
            { name: 'labels', type: 'other', typeInfo: { frame: 'json.RawMessage' } },
          ],
        },
        data: {
          values: [
            matching.map(({ row }) => Number(row.created)),
            matching.map(({ row, labels }) => lineOf(row, labels)),
            matching.map(({ row }) => ({
              folderUID: row.folder_uid,
              from: 'state-history',
              orgID: String(row.org_id),
            })),
          ],
        },
      };
    },
  };
}

function lineOf(row: HistoryRow, labels: Record<string, string>) {
  return {
    schemaVersion: 1,
    previous: row.prev_state,
    current: row.new_state,
    ...(row.error ? { error: row.error } : {}),
    values: JSON.parse(row.value_data) as Record<string, number | null>,
    ruleUID: row.rule_uid,
    ruleTitle: row.rule_title,
    fingerprint: row.fingerprint,
    labels,
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
