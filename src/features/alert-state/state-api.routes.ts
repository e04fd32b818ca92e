import type { FastifyReply } from 'fastify';
import type { Api } from '../../http/api.js';
import { can } from '../../access/evaluator.js';
import { identityOf } from '../../access/identity.js';
import type { LabelMatcher } from './prometheus-rules.js';
import { PrometheusAlertsResponse, PrometheusRulesResponse, StateHistoryFrame } from './state-api.schema.js';
import type { createStateApiService, RulesQuery } from './state-api.service.js';

type Query = Record<string, string | string[] | undefined>;

const READ = can('alert.rules:read');
const DEFAULT_HISTORY_LIMIT = 1000;

/** A bad parameter: the Prometheus API's error body, not svc's `{message}`. */
class BadData extends Error {}

function all(query: Query, name: string): string[] {
  const value = query[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function one(query: Query, name: string): string | undefined {
  return all(query, name)[0];
}

function integer(query: Query, name: string, fallback: number): number {
  const raw = one(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new BadData(`invalid ${name}: ${raw} is not an integer`);
  const value = Number(raw);
  // no column or LIMIT takes more (2^40 seconds is 34 000 years)
  if (Math.abs(value) > 2 ** 40) throw new BadData(`invalid ${name}: ${raw} is out of range`);
  return value;
}

function bool(query: Query, name: string): boolean {
  const raw = one(query, name);
  return raw === 'true' || raw === '1';
}

const RULE_STATES: Record<string, string> = {
  firing: 'firing',
  alerting: 'firing',
  pending: 'pending',
  inactive: 'inactive',
  normal: 'inactive',
  nodata: 'nodata',
  error: 'error',
};

function matchersOf(query: Query): LabelMatcher[] {
  return all(query, 'matcher').map((raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new BadData(`invalid matcher: ${raw} is not JSON`);
    }
    const m = parsed as Partial<LabelMatcher>;
    if (typeof m.name !== 'string' || typeof m.value !== 'string') {
      throw new BadData(`invalid matcher: ${raw} needs a name and a value`);
    }
    const matcher = {
      name: m.name,
      value: m.value,
      isRegex: m.isRegex === true,
      isEqual: m.isEqual !== false,
    };
    if (matcher.isRegex) {
      try {
        new RegExp(matcher.value);
      } catch {
        throw new BadData(`invalid matcher: ${matcher.value} is not a regular expression`);
      }
    }
    return matcher;
  });
}

function rulesQueryOf(query: Query): RulesQuery {
  const states = all(query, 'state').map((state) => {
    const known = RULE_STATES[state.toLowerCase()];
    if (!known) throw new BadData(`unknown state '${state}'`);
    return known;
  });
  const panelRaw = one(query, 'panel_id');
  const dashboardUid = one(query, 'dashboard_uid');
  if (panelRaw !== undefined && dashboardUid === undefined)
    throw new BadData('panel_id must be set with dashboard_uid');
  const folderUid = one(query, 'folder_uid');
  return {
    ...(folderUid !== undefined ? { folderUid } : {}),
    ruleGroups: all(query, 'rule_group'),
    ruleNames: all(query, 'rule_name'),
    states,
    ...(dashboardUid !== undefined ? { dashboardUid } : {}),
    ...(panelRaw !== undefined ? { panelId: integer(query, 'panel_id', 0) } : {}),
    includeInternalLabels: bool(query, 'includeInternalLabels'),
    limitAlerts: integer(query, 'limit_alerts', -1),
    matchers: matchersOf(query),
  };
}

async function answer<T>(reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BadData) {
      return reply.status(400).send({ status: 'error', errorType: 'bad_data', error: error.message });
    }
    throw error;
  }
}

/** Grafana's Prometheus-compatible state APIs and the state history. */
export function registerStateApiRoutes(api: Api, service: ReturnType<typeof createStateApiService>): void {
  for (const product of ['svc', 'grafana']) {
    api.get(
      `/api/prometheus/${product}/api/v1/rules`,
      { config: { permission: READ }, schema: { response: { 200: PrometheusRulesResponse } } },
      (request, reply) =>
        answer(reply, () => service.rules(identityOf(request), rulesQueryOf(request.query as Query))),
    );
    api.get(
      `/api/prometheus/${product}/api/v1/alerts`,
      { config: { permission: READ }, schema: { response: { 200: PrometheusAlertsResponse } } },
      (request, reply) =>
        answer(reply, () =>
          service.alerts(identityOf(request), bool(request.query as Query, 'includeInternalLabels')),
        ),
    );
  }

  // from/to are Unix seconds, as Grafana's; labels_<name>=<value> filters on instance labels.
  api.get(
    '/api/v1/rules/history',
    { config: { permission: READ }, schema: { response: { 200: StateHistoryFrame } } },
    (request, reply) =>
      answer(reply, () => {
        const query = request.query as Query;
        const labels = Object.fromEntries(
          Object.keys(query)
            .filter((name) => name.startsWith('labels_'))
            .map((name) => [name.slice('labels_'.length), one(query, name) ?? '']),
        );
        const from = one(query, 'from');
        const to = one(query, 'to');
        const limit = integer(query, 'limit', DEFAULT_HISTORY_LIMIT);
        if (limit <= 0) throw new BadData('limit must be a positive integer');
        const ruleUid = one(query, 'ruleUID');
        return service.history(identityOf(request), {
          ...(ruleUid !== undefined ? { ruleUid } : {}),
          ...(from !== undefined ? { from: integer(query, 'from', 0) * 1000 } : {}),
          ...(to !== undefined ? { to: integer(query, 'to', 0) * 1000 } : {}),
          limit,
          labels,
        });
      }),
  );
}
