import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { AppError } from '../../http/errors.js';
import { identityOf } from '../../http/identity.js';
import { can } from '../rbac/evaluator.js';
import { proxyNotFound } from './datasources.errors.js';
import { UidParams } from './datasources.schema.js';
import { dataSourceScope, type DataSourcesService } from './datasources.service.js';
import { proxyTarget, type ProxyForwarder } from './proxy.js';

const queryOnUid = (request: FastifyRequest) =>
  can('datasources:query', dataSourceScope((request.params as { uid: string }).uid));

/** `/api/datasources/proxy/uid/{uid}/*`: any method, forwarded to the data source with its auth. */
export function registerProxyRoutes(
  api: Api,
  datasources: DataSourcesService,
  forwarder: ProxyForwarder,
): void {
  void api.register((scope, _options, done) => {
    // Bodies are streamed to the back end as they come: nothing here parses or buffers them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const options = { config: { permission: queryOnUid }, schema: { params: UidParams } };
    const handler = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      const identity = identityOf(request);
      // Grafana compat: the proxy words its 404 differently from the CRUD routes.
      const row = await datasources
        .find(identity.orgId, { uid: request.params.uid })
        .catch((err: unknown) => {
          throw err instanceof AppError && err.status === 404 ? proxyNotFound() : err;
        });
      const settings = await datasources.settings(row);
      const target = proxyTarget(settings, request.raw.url ?? '', request.headers, request.ip);
      await forwarder.forward(request, reply, target);
      return reply;
    };
    scope.all('/api/datasources/proxy/uid/:uid', options, handler);
    scope.all('/api/datasources/proxy/uid/:uid/*', options, handler);
    done();
  });
}
