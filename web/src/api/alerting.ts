import type { Static } from '@fastify/type-provider-typebox';
import type {
  TemplateBody,
  TestReceiversBody,
  TestTemplatesBody,
} from '../../../src/features/alerting/alerting.schema.js';
import type { ReceiverBody } from '../../../src/features/alerting/receivers-api.schema.js';
import { request, type RequestOptions } from './client.js';
import type {
  ContactPoint,
  NotificationTemplate,
  NotifierType,
  Receiver,
  Route,
  TestResponse,
} from '../pages/alerting/types.js';

/**
 * The alerting API. Writes carry `X-Disable-Provenance` so what the UI creates stays editable in
 * the UI (no provenance), as Grafana's own UI does; anything provisioned from a file or by another
 * API client keeps its provenance and is shown read-only.
 */
function alerting<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers = method === 'GET' ? options.headers : { ...options.headers, 'x-disable-provenance': 'true' };
  return request<T>(method, path, body, { ...options, headers });
}

const TEMPLATES = '/api/v1/provisioning/templates';
const POLICIES = '/api/v1/provisioning/policies';
/** Grafana's receivers API in the caller's organization (`default` is org 1, `org-<id>` the others). */
const receiversPath = (orgId: number) =>
  `/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/${orgId === 1 ? 'default' : `org-${orgId}`}/receivers`;

/** One integration as the test endpoint takes it (stored secrets as `[REDACTED]`). */
export type IntegrationBody = NonNullable<
  Static<typeof TestReceiversBody>['svc_managed_receiver_configs']
>[number];

let catalogue: Promise<NotifierType[]> | undefined;

/** The notifier catalogue (v2), fetched once per page load. */
export function notifierCatalogue(): Promise<NotifierType[]> {
  catalogue ??= alerting<NotifierType[]>('GET', '/api/alert-notifiers?version=2').catch((error: unknown) => {
    catalogue = undefined;
    throw error;
  });
  return catalogue;
}

export const contactPoints = () => alerting<ContactPoint[]>('GET', '/api/v1/notifications/receivers');

/** One contact point with all its integrations (the receivers API). */
export const receiver = (orgId: number, uid: string) =>
  alerting<Receiver>('GET', `${receiversPath(orgId)}/${encodeURIComponent(uid)}`);

/** Creates a contact point with all its integrations in one request. */
export const createReceiver = (orgId: number, body: ReceiverBody) =>
  alerting<Receiver>('POST', receiversPath(orgId), body);

/** Replaces a contact point's integrations (and name) in one request. */
export const updateReceiver = (orgId: number, uid: string, body: ReceiverBody) =>
  alerting<Receiver>('PUT', `${receiversPath(orgId)}/${encodeURIComponent(uid)}`, body);

/** Deletes a contact point with all its integrations. */
export const deleteReceiver = (orgId: number, uid: string) =>
  alerting<Receiver>('DELETE', `${receiversPath(orgId)}/${encodeURIComponent(uid)}`);

/** Sends a test notification through each integration (saved ones complete their secrets). */
export const testContactPoint = (name: string, configs: IntegrationBody[]) =>
  alerting<TestResponse>(
    'POST',
    '/api/alertmanager/svc/config/api/v1/receivers/test',
    { name, svc_managed_receiver_configs: configs } satisfies Static<typeof TestReceiversBody>,
    { resultStatuses: [207, 400, 408] },
  );

export const templates = () => alerting<NotificationTemplate[]>('GET', TEMPLATES);

export const saveTemplate = (name: string, template: string, version?: string) =>
  alerting<NotificationTemplate>('PUT', `${TEMPLATES}/${encodeURIComponent(name)}`, {
    template,
    version,
  } satisfies Static<typeof TemplateBody>);

export const deleteTemplate = (name: string) =>
  alerting<unknown>('DELETE', `${TEMPLATES}/${encodeURIComponent(name)}`);

export const policies = () => alerting<Route>('GET', POLICIES);

export const savePolicies = (tree: Route) => alerting<unknown>('PUT', POLICIES, tree);

/** Renders a template against sample alerts (`allow`: statuses whose body is the outcome). */
export const testTemplate = <T>(body: Static<typeof TestTemplatesBody>, resultStatuses: number[] = []) =>
  alerting<T>('POST', '/api/alertmanager/grafana/config/api/v1/templates/test', body, { resultStatuses });
