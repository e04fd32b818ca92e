import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Counts every response by status code, split as Grafana does: the data source proxy, the rest of
 * /api, and pages. Unlike Grafana (which folds codes other than 200/404/500 into "unknown"),
 * every real code gets its own label value.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.raw.url ?? '';
    const counter = url.startsWith('/api/datasources/proxy')
      ? metrics.proxyResponses
      : url.startsWith('/api/')
        ? metrics.apiResponses
        : metrics.pageResponses;
    counter.inc({ code: String(reply.statusCode) });
    done();
  });
}
