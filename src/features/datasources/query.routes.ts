import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { isValidUid } from '../../lib/uid.js';
import { can } from '../../access/evaluator.js';
import { clientGoneSignal } from './call-options.js';
import { idInvalid, uidPathInvalid } from './datasources.errors.js';
import { HealthResponse, IdParams, QueryBody, QueryResponse, UidParams } from './datasources.schema.js';
import { dataSourceScope } from './datasources.service.js';
import type { DataQuery, HealthResult } from './plugins/index.js';
import type { QueryService } from './query.service.js';

const queryOnUid = (request: FastifyRequest) =>
  can('datasources:query', dataSourceScope((request.params as { uid: string }).uid));

/**
 * Grafana compat: HTTP 200 only when the check is OK, else 400 with the same body. Only 200 has a
 * response schema (400 also carries the `{message}` error bodies), so 400 is typed as 200 here.
 */
const healthStatus = (result: HealthResult) => (result.status === 'OK' ? 200 : 400) as 200;

/** Health checks and panel queries against the data sources' back ends. */
export function registerQueryRoutes(api: Api, queries: QueryService): void {
  // Grafana compat: any method reaches the health check; HTTP 200 only when the status is OK.
  api.route({
    method: ['GET', 'POST'],
    url: '/api/datasources/uid/:uid/health',
    config: { permission: queryOnUid },
    schema: { params: UidParams, response: { 200: HealthResponse } },
    handler: async (request, reply) => {
      if (!isValidUid(request.params.uid)) throw uidPathInvalid();
      const identity = identityOf(request);
      const ref = { uid: request.params.uid };
      const result = await queries.health(identity.orgId, ref, clientGoneSignal(reply));
      return reply.status(healthStatus(result)).send(result);
    },
  });

  // Deprecated in Grafana: the same check addressed by numeric id.
  api.route({
    method: ['GET', 'POST'],
    url: '/api/datasources/:id/health',
    config: {
      permission: (request) =>
        can('datasources:query', `datasources:id:${(request.params as { id: string }).id}`),
      schemaErrors: { 'params.id': idInvalid },
    },
    schema: { params: IdParams, response: { 200: HealthResponse } },
    handler: async (request, reply) => {
      const ref = { id: request.params.id };
      const result = await queries.health(identityOf(request).orgId, ref, clientGoneSignal(reply));
      return reply.status(healthStatus(result)).send(result);
    },
  });

  // Grafana compat: the route needs datasources:query on some data source; each data source of
  // the request is then checked on its own uid.
  api.post(
    '/api/ds/query',
    {
      config: { permission: can('datasources:query') },
      schema: { body: QueryBody, response: { 200: QueryResponse, 207: QueryResponse } },
    },
    async (request, reply) => {
      const { from = '', to = '', queries: list } = request.body;
      const outcome = await queries.query(
        identityOf(request),
        { from, to, queries: list as unknown as DataQuery[] },
        clientGoneSignal(reply),
      );
      return reply.status(outcome.status).send(outcome.body);
    },
  );
}
