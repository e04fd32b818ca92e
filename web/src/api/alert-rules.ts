import type { presentRule } from '../../../src/features/alert-state/prometheus-rules.js';
import type { presentProvisioned } from '../../../src/features/alert-rules/provisioning.format.js';
import { query, request, seg } from './client.js';

/** A rule of the Prometheus-compatible view: its state, health, last evaluation and alerts. */
export type PromRule = ReturnType<typeof presentRule>;
export type PromAlert = PromRule['alerts'][number];

export interface PromGroup {
  name: string;
  /** the folder's full path */
  file: string;
  folderUid: string;
  interval: number;
  lastEvaluation: string;
  rules: PromRule[];
}

/** A rule as the provisioning API stores it (notification settings, pause, provenance). */
export type ProvisionedRule = ReturnType<typeof presentProvisioned>;

/** One transition of the state history (`line` of Grafana's history data frame). */
export interface HistoryLine {
  previous: string;
  current: string;
  error?: string;
  values: Record<string, number | null>;
  ruleUID: string;
  fingerprint: string;
  labels: Record<string, string>;
}

/** One delivery attempt of the notification history, with the rules that caused it. */
export interface DeliveryAttempt {
  id: number;
  receiver: string;
  integrationType: string;
  status: string;
  error?: string;
  duration: string;
  time: string;
  ruleUIDs?: string[];
  alerts?: { firing: number; resolved: number };
}

const RULES = '/api/v1/provisioning/alert-rules';
/** The UI's writes carry no provenance, as Grafana's UI: what it changes stays editable here. */
const NO_PROVENANCE = { 'x-disable-provenance': 'true' };

/** The state of every readable rule, or of one folder's group. */
export async function promRules(
  signal?: AbortSignal,
  only?: { folderUid: string; group: string },
): Promise<PromGroup[]> {
  const body = await request<{ data: { groups: PromGroup[] } }>(
    'GET',
    `/api/prometheus/grafana/api/v1/rules${query({ folder_uid: only?.folderUid, rule_group: only?.group })}`,
    undefined,
    { signal },
  );
  return body.data.groups;
}

export const provisionedRules = (signal?: AbortSignal) =>
  request<ProvisionedRule[]>('GET', RULES, undefined, { signal });

export const provisionedRule = (uid: string, signal?: AbortSignal) =>
  request<ProvisionedRule>('GET', `${RULES}/${seg(uid)}`, undefined, { signal });

/**
 * Pauses or resumes a rule: the stored rule as read, with `isPaused` changed, put back whole
 * (the provisioning API replaces a rule; the server drops the read-only fields it answered).
 */
export async function setRulePaused(uid: string, isPaused: boolean): Promise<ProvisionedRule> {
  const stored = await provisionedRule(uid);
  return request<ProvisionedRule>(
    'PUT',
    `${RULES}/${seg(uid)}`,
    { ...stored, isPaused },
    { headers: NO_PROVENANCE },
  );
}

export const deleteRule = (uid: string) =>
  request<unknown>('DELETE', `${RULES}/${seg(uid)}`, undefined, { headers: NO_PROVENANCE });

/** The state transitions of one rule's instances since `from` (epoch ms), oldest first. */
export async function ruleHistory(
  ruleUid: string,
  from: number,
  signal?: AbortSignal,
): Promise<{ time: number; line: HistoryLine }[]> {
  const frame = await request<{ data: { values: [number[], HistoryLine[], unknown[]] } }>(
    'GET',
    `/api/v1/rules/history${query({ ruleUID: ruleUid, from: Math.floor(from / 1000) })}`,
    undefined,
    { signal },
  );
  const [times, lines] = frame.data.values;
  return times.map((time, i) => ({ time, line: lines[i]! }));
}

/** The notifications a rule caused (delivery attempts naming it) since `from` (epoch ms), newest first. */
export async function ruleNotifications(
  ruleUid: string,
  from: number,
  signal?: AbortSignal,
): Promise<DeliveryAttempt[]> {
  const body = await request<{ history: DeliveryAttempt[] }>(
    'GET',
    `/api/v1/notifications/history${query({ ruleUID: ruleUid, from, limit: 100 })}`,
    undefined,
    { signal },
  );
  return body.history;
}
