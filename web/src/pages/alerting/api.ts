import { request } from './request.js';
import type {
  ContactPoint,
  NotificationTemplate,
  NotifierType,
  Route,
  Settings,
  TestResponse,
} from './types.js';

const CONTACT_POINTS = '/api/v1/provisioning/contact-points';
const TEMPLATES = '/api/v1/provisioning/templates';
const POLICIES = '/api/v1/provisioning/policies';

/** The body of one integration for the provisioning API. */
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

export const createIntegration = (body: IntegrationBody) =>
  request<{ uid: string }>('POST', CONTACT_POINTS, body);

export const updateIntegration = (uid: string, body: IntegrationBody) =>
  request<unknown>('PUT', `${CONTACT_POINTS}/${encodeURIComponent(uid)}`, body);

export const deleteIntegration = (uid: string) =>
  request<unknown>('DELETE', `${CONTACT_POINTS}/${encodeURIComponent(uid)}`);

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
