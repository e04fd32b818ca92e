import { request } from './request.js';
import type {
  ContactPoint,
  NotificationTemplate,
  NotifierType,
  Receiver,
  Route,
  Settings,
  TestResponse,
} from './types.js';

const TEMPLATES = '/api/v1/provisioning/templates';
const POLICIES = '/api/v1/provisioning/policies';
/** Grafana's receivers API in the caller's organization (`default` is org 1, `org-<id>` the others). */
const receiversPath = (orgId: number) =>
  `/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/${orgId === 1 ? 'default' : `org-${orgId}`}/receivers`;

/** One integration as the test endpoint takes it (stored secrets as `[REDACTED]`). */
export interface IntegrationBody {
  uid?: string;
  name: string;
  type: string;
  settings: Settings;
  disableResolveMessage: boolean;
}

let catalogue: Promise<NotifierType[]> | undefined;

/** The notifier catalogue (v2), fetched once per page load. */
export function notifierCatalogue(): Promise<NotifierType[]> {
  catalogue ??= request<NotifierType[]>('GET', '/api/alert-notifiers?version=2').catch((error: unknown) => {
    catalogue = undefined;
    throw error;
  });
  return catalogue;
}

export const contactPoints = () => request<ContactPoint[]>('GET', '/api/v1/notifications/receivers');

/** One contact point with all its integrations (the receivers API). */
export const receiver = (orgId: number, uid: string) =>
  request<Receiver>('GET', `${receiversPath(orgId)}/${encodeURIComponent(uid)}`);

/** Creates a contact point with all its integrations in one request. */
export const createReceiver = (orgId: number, body: Receiver) =>
  request<Receiver>('POST', receiversPath(orgId), body);

/** Replaces a contact point's integrations (and name) in one request. */
export const updateReceiver = (orgId: number, uid: string, body: Receiver) =>
  request<Receiver>('PUT', `${receiversPath(orgId)}/${encodeURIComponent(uid)}`, body);

/** Deletes a contact point with all its integrations. */
export const deleteReceiver = (orgId: number, uid: string) =>
  request<Receiver>('DELETE', `${receiversPath(orgId)}/${encodeURIComponent(uid)}`);

/** Sends a test notification through each integration (saved ones complete their secrets). */
export const testContactPoint = (name: string, configs: IntegrationBody[]) =>
  request<TestResponse>(
    'POST',
    '/api/alertmanager/svc/config/api/v1/receivers/test',
    { name, svc_managed_receiver_configs: configs },
    [207, 400, 408],
  );

export const templates = () => request<NotificationTemplate[]>('GET', TEMPLATES);

export const saveTemplate = (name: string, template: string, version?: string) =>
  request<NotificationTemplate>('PUT', `${TEMPLATES}/${encodeURIComponent(name)}`, { template, version });

export const deleteTemplate = (name: string) =>
  request<unknown>('DELETE', `${TEMPLATES}/${encodeURIComponent(name)}`);

export const policies = () => request<Route>('GET', POLICIES);

export const savePolicies = (tree: Route) => request<unknown>('PUT', POLICIES, tree);
