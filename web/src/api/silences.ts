import type { presentSilence } from '../../../src/features/alert-silences/silence.js';
import type { PostableSilence } from '../../../src/features/alert-silences/silences.schema.js';
import type { GettableAlert } from '../../../src/features/alert-dispatch/alerts-api.present.js';
import { request, seg } from './client.js';

/** svc's own Alertmanager (API v2): its current alerts, their groups, and silences. */
const AM = '/api/alertmanager/grafana/api/v2';

export type { GettableAlert, PostableSilence };

/** A silence with what the caller may do with it (`accesscontrol=true`). */
export type Silence = ReturnType<typeof presentSilence> & {
  accessControl?: { read: boolean; write: boolean; create: boolean };
  metadata?: { rule_uid: string; rule_title?: string; folder_uid?: string };
};

export interface AlertGroup {
  labels: Record<string, string>;
  receiver: { name: string };
  alerts: GettableAlert[];
}

/** `?filter=a="b"&filter=…` in Alertmanager's matcher syntax. */
const filters = (matchers: string[]) => {
  const search = new URLSearchParams();
  for (const matcher of matchers) search.append('filter', matcher);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The current alerts (active and silenced) matching every matcher. */
export const currentAlerts = (matchers: string[] = [], signal?: AbortSignal) =>
  request<GettableAlert[]>('GET', `${AM}/alerts${filters(matchers)}`, undefined, { signal });

export const alertGroups = (signal?: AbortSignal) =>
  request<AlertGroup[]>('GET', `${AM}/alerts/groups`, undefined, { signal });

export const silences = (signal?: AbortSignal) =>
  request<Silence[]>('GET', `${AM}/silences?accesscontrol=true&ruleMetadata=true`, undefined, { signal });

export const silence = (id: string, signal?: AbortSignal) =>
  request<Silence>('GET', `${AM}/silence/${seg(id)}?accesscontrol=true`, undefined, { signal });

/** Creates a silence, or changes the one named by `id` (the Alertmanager may replace it by a new id). */
export const saveSilence = (body: PostableSilence) =>
  request<{ silenceID: string }>('POST', `${AM}/silences`, body);

export const expireSilence = (id: string) => request<unknown>('DELETE', `${AM}/silence/${seg(id)}`);
