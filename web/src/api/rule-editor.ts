import type { ProvisionedRuleBody } from '../../../src/features/alert-rules/alert-rules.schema.js';
import type { presentProvisioned } from '../../../src/features/alert-rules/provisioning.format.js';
import { ApiError, query, request, seg, type RequestOptions } from './client.js';

/** A rule as the provisioning API sends it. */
export type ProvisionedRule = ReturnType<typeof presentProvisioned>;
export type RuleBody = ProvisionedRuleBody;
export type AlertQuery = ProvisionedRuleBody['data'][number];

const RULES = '/api/v1/provisioning/alert-rules';
const groupPath = (folderUid: string, group: string) =>
  `/api/v1/provisioning/folder/${seg(folderUid)}/rule-groups/${seg(group)}`;

/**
 * `X-Disable-Provenance` keeps what the editor writes editable in the UI (no provenance), as
 * Grafana's own UI does; a rule another API client provisioned keeps its provenance.
 */
const provenanceHeaders = (disable: boolean): RequestOptions =>
  disable ? { headers: { 'x-disable-provenance': 'true' } } : {};

export const alertRule = (uid: string, signal?: AbortSignal) =>
  request<ProvisionedRule>('GET', `${RULES}/${seg(uid)}`, undefined, { signal });

export const createAlertRule = (body: RuleBody) =>
  request<ProvisionedRule>('POST', RULES, body, provenanceHeaders(true));

export const updateAlertRule = (uid: string, body: RuleBody, disableProvenance: boolean) =>
  request<ProvisionedRule>('PUT', `${RULES}/${seg(uid)}`, body, provenanceHeaders(disableProvenance));

export interface ProvisionedGroup {
  title: string;
  folderUid: string;
  /** seconds */
  interval: number;
  rules: ProvisionedRule[];
}

/** A group of the provisioning API, or undefined when the folder has no such group. */
export async function ruleGroup(folderUid: string, group: string): Promise<ProvisionedGroup | undefined> {
  try {
    return await request<ProvisionedGroup>('GET', groupPath(folderUid, group));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Replaces a whole group (its interval and its rules) in one transaction. */
export const putRuleGroup = (
  folderUid: string,
  group: string,
  body: { title: string; interval: number; rules: RuleBody[] },
  disableProvenance: boolean,
) =>
  request<ProvisionedGroup>('PUT', groupPath(folderUid, group), body, provenanceHeaders(disableProvenance));

/** The groups of a folder with their interval (`1m`), through the ruler API. */
export async function folderGroups(
  folderUid: string,
  signal?: AbortSignal,
): Promise<{ name: string; interval: string }[]> {
  const byPath = await request<Record<string, { name: string; interval: string }[]>>(
    'GET',
    `/api/ruler/grafana/api/v1/rules/${seg(folderUid)}`,
    undefined,
    { signal },
  );
  return Object.values(byPath)
    .flat()
    .map((g) => ({ name: g.name, interval: g.interval }));
}

/** One data frame as `/api/v1/eval` sends it (column-major values, times in epoch ms). */
export interface EvalFrame {
  schema: {
    refId?: string;
    name?: string;
    fields: { name: string; type: string; labels?: Record<string, string> }[];
  };
  data: { values: unknown[][] };
}

export interface EvalResponse {
  results: Record<string, { status: number; frames: EvalFrame[]; error?: string }>;
  condition: {
    refId: string;
    results: { labels: Record<string, string>; state: string; error?: string; value: number | null }[];
  };
}

/** Runs a rule's queries and expressions now, as the scheduler would (Grafana's preview). */
export const evaluateRule = (body: { data: AlertQuery[]; condition?: string }, signal?: AbortSignal) =>
  request<EvalResponse>('POST', '/api/v1/eval', body, { signal });

export interface PanelRuleState {
  uid: string;
  name: string;
  /** firing | pending | inactive */
  state: string;
  annotations: Record<string, string>;
}

/** The alert rules linked to a dashboard (its `__dashboardUid__` annotation), with their state. */
export async function dashboardRuleStates(
  dashboardUid: string,
  signal?: AbortSignal,
): Promise<PanelRuleState[]> {
  const answer = await request<{ data?: { groups?: { rules?: PanelRuleState[] }[] } }>(
    'GET',
    `/api/prometheus/grafana/api/v1/rules${query({ dashboard_uid: dashboardUid })}`,
    undefined,
    { signal },
  );
  return (answer.data?.groups ?? []).flatMap((group) => group.rules ?? []);
}
