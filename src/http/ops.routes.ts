import { timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { GRAFANA_API_VERSION, type BuildInfo } from '../lib/build-info.js';
import type { DatabaseHealth } from './health.js';
import type { Lifecycle } from './lifecycle.js';
import type { Metrics } from './metrics.js';

interface OpsDeps {
  config: Config;
  lifecycle: Lifecycle;
  health: DatabaseHealth;
  metrics: Metrics;
  /** the stats feature's gauges, refreshed before a scrape when older than their interval */
  stats: { refreshIfStale(): Promise<unknown> };
  build: BuildInfo;
}

const PUBLIC = { config: { public: true } };

/**
 * GET /api/health's body, the same with 200 (database ok) and 503 (failing). The route sends it
 * as pretty-printed text (Grafana compat), which Fastify sends as it is: the schema documents it.
 */
const HealthResponse = Type.Object({
  database: Type.Union([Type.Literal('ok'), Type.Literal('failing')]),
  /** the Grafana API version svc implements, not svc's own (that is the x-svc-version header) */
  version: Type.String(),
  commit: Type.String(),
});

export const OPS_PATHS = new Set(['/livez', '/readyz', '/healthz', '/api/health', '/metrics']);

/** Liveness, readiness, health and metrics: public, and answered before any authentication. */
export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  const text = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/plain; charset=utf-8').send(body);

  // svc's own version on every response; /api/health reports the Grafana API version instead.
  // Synchronous: no promise per response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-svc-version', deps.build.version);
    done(null, payload);
  });

  app.get('/livez', PUBLIC, (_req, reply) => text(reply, 200, 'OK'));

  app.get('/readyz', PUBLIC, (_req, reply) =>
    deps.lifecycle.ready ? text(reply, 200, 'OK') : text(reply, 503, 'not ready'),
  );

  // Grafana compat: the body is "Ok".
  app.get('/healthz', PUBLIC, (_req, reply) => text(reply, 200, 'Ok'));

  app.get(
    '/api/health',
    { ...PUBLIC, schema: { response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_req, reply) => {
      const healthy = await deps.health.isHealthy();
      const body = {
        database: healthy ? 'ok' : 'failing',
        // Grafana compat: clients gate features on this as a Grafana version.
        version: GRAFANA_API_VERSION,
        commit: deps.build.commit,
      };
      // Grafana compat: pretty-printed, not cacheable.
      return reply
        .status(healthy ? 200 : 503)
        .header('cache-control', 'no-store')
        .type('application/json; charset=UTF-8')
        .send(JSON.stringify(body, null, 2));
    },
  );

  if (deps.config.metrics.enabled) {
    app.get('/metrics', PUBLIC, async (request, reply) => {
      if (!metricsCredentialsAccepted(request, deps.config.metrics)) {
        return reply.status(401).header('www-authenticate', 'Basic realm="metrics"').send('');
      }
      if (!deps.config.metrics.disableTotalStats) {
        await deps.stats.refreshIfStale().catch((err: unknown) => {
          request.log.warn({ err }, 'could not refresh svc_stat_* metrics');
        });
      }
      return reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
    });
  }
}

function metricsCredentialsAccepted(
  request: FastifyRequest,
  { basicAuthUsername, basicAuthPassword }: Config['metrics'],
): boolean {
  if (!basicAuthUsername || !basicAuthPassword) return true;
  const header = request.headers.authorization ?? '';
  if (!header.toLowerCase().startsWith('basic ')) return false;
  const given = Buffer.from(header.slice(6).trim(), 'base64');
  const expected = Buffer.from(`${basicAuthUsername}:${basicAuthPassword}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
