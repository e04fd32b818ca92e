import type { Api } from '../../http/api.js';
import { asStatus } from '../../http/k8s-resources.js';
import { identityOf } from '../../access/identity.js';
import { allOf, anyOf, can } from '../../access/evaluator.js';
import {
  NamespaceParams,
  ReceiverBody,
  ReceiverListResponse,
  ReceiverParams,
  ReceiverResponse,
} from './receivers-api.schema.js';
import type { ReceiversApiService } from './receivers-api.service.js';

const BASE = '/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/:namespace/receivers';

// Grafana's receivers API authorizer: reading some receiver, plus the verb's action. The service
// then checks the receiver itself. The provisioning actions count too, as in svc's provisioning API.
const read = anyOf(
  can('alert.notifications.receivers:read'),
  can('alert.notifications.receivers.secrets:read'),
  can('alert.notifications:read'),
  can('alert.provisioning:read'),
);
const readAnd = (action: string) =>
  allOf(read, anyOf(can('alert.notifications:write'), can(action), can('alert.provisioning:write')));

/** GET/POST …/receivers, GET/PUT/DELETE …/receivers/{name}: one contact point as a whole. */
export function registerReceiversApiRoutes(
  api: Api,
  service: ReceiversApiService,
  ensureOrgDefaults: (orgId: number) => Promise<void>,
): void {
  const list = { params: NamespaceParams, response: { 200: ReceiverListResponse } };
  api.get(BASE, { config: { permission: read }, schema: list }, (request) =>
    asStatus(async () => {
      const identity = identityOf(request);
      service.checkNamespace(identity, request.params.namespace);
      await ensureOrgDefaults(identity.orgId);
      return service.list(identity, request.params.namespace);
    }),
  );

  api.post(
    BASE,
    {
      config: { permission: readAnd('alert.notifications.receivers:create') },
      schema: { params: NamespaceParams, body: ReceiverBody, response: { 201: ReceiverResponse } },
    },
    async (request, reply) => {
      const created = await asStatus(() =>
        service.create(identityOf(request), request.params.namespace, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  const one = { params: ReceiverParams, response: { 200: ReceiverResponse } };
  api.get(`${BASE}/:name`, { config: { permission: read }, schema: one }, (request) =>
    asStatus(() => service.get(identityOf(request), request.params.namespace, request.params.name)),
  );

  api.put(
    `${BASE}/:name`,
    {
      config: { permission: readAnd('alert.notifications.receivers:write') },
      schema: { params: ReceiverParams, body: ReceiverBody, response: { 200: ReceiverResponse } },
    },
    (request) =>
      asStatus(() =>
        service.update(identityOf(request), request.params.namespace, request.params.name, request.body),
      ),
  );

  api.delete(
    `${BASE}/:name`,
    {
      config: { permission: readAnd('alert.notifications.receivers:delete') },
      // k8s answers the deleted object
      schema: { params: ReceiverParams, response: { 200: ReceiverResponse } },
    },
    (request) =>
      asStatus(() => service.delete(identityOf(request), request.params.namespace, request.params.name)),
  );
}
