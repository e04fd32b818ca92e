import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { AppError } from '../../http/errors.js';
import { identityOf } from '../../access/identity.js';
import { isStorableId } from '../../lib/limits.js';
import { can } from '../../access/evaluator.js';
import { idInvalid, proxyHostRefused, proxyNotFound } from './datasources.errors.js';
import { dataSourceScope, type DataSourceRef, type DataSourcesService } from './datasources.service.js';
import { DEFAULT_EGRESS } from './plugins/index.js';
import { proxyTarget, type ProxyForwarder } from './proxy.js';

type Params = { uid?: string; id?: string };

/** `datasources:query` on the data source of the path, by uid or (deprecated) by id. */
const queryOnPath = (request: FastifyRequest) => {
  const { uid, id } = request.params as Params;
  return can('datasources:query', uid !== undefined ? dataSourceScope(uid) : `datasources:id:${id}`);
};

function refOf({ uid, id }: Params): DataSourceRef {
  if (uid !== undefined) return { uid };
  if (!/^\d{1,10}$/.test(id ?? '') || !isStorableId(Number(id))) throw idInvalid();
  return { id: Number(id) };
}

/**
 * `/api/datasources/proxy/uid/{uid}/*` (and Grafana's deprecated `/proxy/{id}/*`): any method,
 * forwarded to the data source with its auth.
 */
export function registerProxyRoutes(
  api: Api,
  datasources: DataSourcesService,
  forwarder: ProxyForwarder,
): void {
  void api.register((scope, _options, done) => {
    // Bodies are streamed to the back end as they come: nothing here parses or buffers them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const handler = (prefixSegments: number) => async (request: FastifyRequest, reply: FastifyReply) => {
      const identity = identityOf(request);
      // Grafana compat: the proxy words its 404 differently from the CRUD routes.
      const row = await datasources
        .find(identity.orgId, refOf(request.params as Params))
        .catch((err: unknown) => {
          throw err instanceof AppError && err.status === 404 ? proxyNotFound() : err;
        });
      const settings = await datasources.settings(row);
      const target = proxyTarget(
        settings,
        request.raw.url ?? '',
        request.headers,
        request.ip,
        prefixSegments,
      );
      const egress = settings.egress ?? DEFAULT_EGRESS;
      const refusal = egress.proxyRefusal(target.url) ?? (await egress.refusal(target.url));
      if (refusal) throw proxyHostRefused(refusal);
      await forwarder.forward(request, reply, target);
      return reply;
    };
    const options = { config: { permission: queryOnPath } };
    // /api/datasources/proxy/uid/<uid>/… and /api/datasources/proxy/<id>/…
    scope.all('/api/datasources/proxy/uid/:uid', options, handler(5));
    scope.all('/api/datasources/proxy/uid/:uid/*', options, handler(5));
    scope.all('/api/datasources/proxy/:id', options, handler(4));
    scope.all('/api/datasources/proxy/:id/*', options, handler(4));
    done();
  });
}
