import type { Api } from '../../http/api.js';
import { asStatus } from '../../http/k8s-resources.js';
import { identityOf } from '../../access/identity.js';
import { allOf, anyOf, can, type Evaluator } from '../../access/evaluator.js';
import {
  InhibitionRuleBody,
  InhibitionRuleList,
  InhibitionRuleParams,
  InhibitionRuleResource,
  NamespaceParams,
} from './inhibition-rules.schema.js';
import type { InhibitionRulesService } from './inhibition-rules.service.js';

const BASE = '/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/:namespace/inhibitionrules';

// Grafana's inhibition rule actions (fixed roles `fixed:alerting.inhibition-rules:reader|writer`,
// scope `inhibition-rules:uid:<name>`); the legacy notification actions cover them too, as they
// cover receivers and time intervals in svc.
const scopeOf = (name: string) => `inhibition-rules:uid:${name}`;
const nameOf = (request: { params: unknown }) => (request.params as { name: string }).name;
const read = (...scopes: string[]): Evaluator =>
  anyOf(can('alert.notifications.inhibition-rules:read', ...scopes), can('alert.notifications:read'));
const change = (action: 'write' | 'delete', ...scopes: string[]): Evaluator =>
  allOf(
    read(...scopes),
    anyOf(can(`alert.notifications.inhibition-rules:${action}`, ...scopes), can('alert.notifications:write')),
  );

/** GET/POST …/inhibitionrules, GET/PUT/DELETE …/inhibitionrules/{name}. */
export function registerInhibitionRulesRoutes(api: Api, service: InhibitionRulesService): void {
  api.get(
    BASE,
    {
      config: { permission: read() },
      schema: { params: NamespaceParams, response: { 200: InhibitionRuleList } },
    },
    (request) => asStatus(() => service.list(identityOf(request), request.params.namespace)),
  );

  api.post(
    BASE,
    {
      config: { permission: change('write') },
      schema: {
        params: NamespaceParams,
        body: InhibitionRuleBody,
        response: { 201: InhibitionRuleResource },
      },
    },
    async (request, reply) => {
      const created = await asStatus(() =>
        service.create(identityOf(request), request.params.namespace, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  api.get(
    `${BASE}/:name`,
    {
      config: { permission: (request) => read(scopeOf(nameOf(request))) },
      schema: { params: InhibitionRuleParams, response: { 200: InhibitionRuleResource } },
    },
    (request) =>
      asStatus(() => service.get(identityOf(request), request.params.namespace, request.params.name)),
  );

  api.put(
    `${BASE}/:name`,
    {
      config: { permission: (request) => change('write', scopeOf(nameOf(request))) },
      schema: {
        params: InhibitionRuleParams,
        body: InhibitionRuleBody,
        response: { 200: InhibitionRuleResource },
      },
    },
    (request) =>
      asStatus(() =>
        service.replace(identityOf(request), request.params.namespace, request.params.name, request.body),
      ),
  );

  api.delete(
    `${BASE}/:name`,
    {
      config: { permission: (request) => change('delete', scopeOf(nameOf(request))) },
      schema: { params: InhibitionRuleParams, response: { 200: InhibitionRuleResource } },
    },
    (request) =>
      asStatus(() => service.delete(identityOf(request), request.params.namespace, request.params.name)),
  );
}
