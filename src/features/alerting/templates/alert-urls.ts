/**
 * Grafana's links for an alert, built from the external URL and the alert's private labels and
 * annotations: the silence form, the dashboard and the panel, and the org on the rule link.
 */

import { posix } from 'node:path';
import { queryEscape } from '../../../lib/gotemplate/index.js';

export const privateKeys = {
  ruleUid: '__alert_rule_uid__',
  orgId: '__orgId__',
  dashboardUid: '__dashboardUid__',
  panelId: '__panelId__',
  values: '__values__',
  valueString: '__value_string__',
} as const;

/** `__name__`: labels and annotations Grafana uses internally and hides from templates. */
export function isPrivate(key: string): boolean {
  return key.startsWith('__') && key.endsWith('__');
}

interface AlertLinks {
  silenceURL: string;
  dashboardURL: string;
  panelURL: string;
  generatorURL: string;
}

interface LinkInput {
  externalUrl: string;
  labels: Readonly<Record<string, string>>;
  annotations: Readonly<Record<string, string>>;
  generatorURL: string;
  startsAtMs: number;
  /** End of the dashboard time range: the alert's end when resolved, else now. */
  toMs: number;
}

export function alertLinks(input: LinkInput): AlertLinks {
  const links = { silenceURL: '', dashboardURL: '', panelURL: '', generatorURL: input.generatorURL };
  const base = parseExternalUrl(input.externalUrl);
  if (!base) return links;
  const orgId = input.annotations[privateKeys.orgId] ?? '';
  if (orgId && input.generatorURL) links.generatorURL = withQueryParam(input.generatorURL, 'orgId', orgId);

  const dashboardUid = input.annotations[privateKeys.dashboardUid];
  if (dashboardUid) {
    const query: Array<[string, string]> = [
      ['from', String(input.startsAtMs - 3_600_000)],
      ['to', String(input.toMs)],
    ];
    if (orgId) query.push(['orgId', orgId]);
    const dashboard = base.at(`/d/${dashboardUid}`);
    links.dashboardURL = dashboard + encodeQuery(query);
    const panelId = input.annotations[privateKeys.panelId];
    if (panelId) links.panelURL = dashboard + encodeQuery([...query, ['viewPanel', panelId]]);
  }

  links.silenceURL = base.at('/alerting/silence/new') + encodeQuery(silenceQuery(input.labels));
  return links;
}

/** The silence form matches the rule (when known) or every public label. */
function silenceQuery(labels: Readonly<Record<string, string>>): Array<[string, string]> {
  const ruleUid = labels[privateKeys.ruleUid];
  const skipped = new Set(ruleUid ? ['alertname', 'grafana_folder'] : []);
  const matchers = Object.entries(labels)
    .filter(([k]) => !isPrivate(k) && !skipped.has(k))
    .map(([k, v]) => `${k}=${v}`)
    .sort();
  if (ruleUid) matchers.unshift(`${privateKeys.ruleUid}=${ruleUid}`);
  return [['alertmanager', 'grafana'], ...matchers.map((m): [string, string] => ['matcher', m])];
}

/** The external URL's origin and path; paths below it are joined like Go's path.Join. */
function parseExternalUrl(externalUrl: string): { at(path: string): string } | undefined {
  if (!externalUrl) return undefined;
  let url: URL;
  try {
    url = new URL(externalUrl);
  } catch {
    return undefined;
  }
  const origin = `${url.protocol}//${url.host}`;
  return { at: (path) => origin + posix.join(url.pathname, path) };
}

/** url.Values.Encode: sorted by key (stable for repeated keys), query-escaped. */
function encodeQuery(params: Array<[string, string]>): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return '?' + sorted.map(([k, v]) => `${queryEscape(k)}=${queryEscape(v)}`).join('&');
}

/** Sets one query parameter, re-encoding the query as Go's url.Values does. */
function withQueryParam(link: string, key: string, value: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  const params = [...url.searchParams.entries()].filter(([k]) => k !== key);
  params.push([key, value]);
  return link.split(/[?#]/)[0] + encodeQuery(params) + url.hash;
}
