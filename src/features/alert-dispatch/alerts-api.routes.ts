import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import { AlertGroup, AlertsQuery, EmptyBody, GettableAlert, PostableAlerts } from './alerts-api.schema.js';
import type { AlertsApiService } from './alerts-api.service.js';

/**
 * The Alertmanager API v2 alerts of svc's own Alertmanager, under both product spellings. Grafana
 * compat: reading takes `alert.instances:read`, posting `alert.instances:create` (the
 * `alert.instances.external:*` actions guard the APIs of external Alertmanager data sources,
 * which svc does not proxy).
 */
export function registerAlertsApiRoutes(api: Api, alerts: AlertsApiService): void {
  for (const product of ['svc', 'grafana']) {
    const base = `/api/alertmanager/${product}/api/v2`;

    api.get(
      `${base}/alerts`,
      {
        config: { permission: can('alert.instances:read') },
        schema: { querystring: AlertsQuery, response: { 200: Type.Array(GettableAlert) } },
      },
      async (request) => alerts.list(identityOf(request).orgId, request.query),
    );

    api.get(
      `${base}/alerts/groups`,
      {
        config: { permission: can('alert.instances:read') },
        schema: { querystring: AlertsQuery, response: { 200: Type.Array(AlertGroup) } },
      },
      async (request) => alerts.groups(identityOf(request).orgId, request.query),
    );

    api.post(
      `${base}/alerts`,
      {
        config: { permission: can('alert.instances:create') },
        schema: { body: PostableAlerts, response: { 200: EmptyBody } },
      },
      async (request, reply) => {
        await alerts.post(identityOf(request).orgId, request.body);
        // Alertmanager answers 200 with no body: send() without a payload (untyped reply, as the
        // schema's null would otherwise be written as `null`)
        return (reply as FastifyReply).status(200).send();
      },
    );
  }
}
