import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { createStatsService } from './features/stats/stats.service.js';
import { registerErrorMapping } from './http/errors.js';
import { createDatabaseHealth } from './http/health.js';
import { Lifecycle } from './http/lifecycle.js';
import { createMetrics, type Metrics } from './http/metrics.js';
import { OPS_PATHS, registerOpsRoutes } from './http/ops.routes.js';
import { registerRequestMetrics } from './http/request-metrics.js';
import type { BuildInfo } from './lib/build-info.js';
import type { Clock } from './lib/clock.js';
import type { Database } from './store/database.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  build: BuildInfo;
  logger: FastifyBaseLogger;
}

export interface App {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  metrics: Metrics;
}

/** Wires every part by hand: plumbing first, then each feature's routes. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, clock, build } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.server.maxBodyBytes,
    // Grafana compat: per-request logs only with [server] router_logging; they cost throughput.
    logController: new LogController({ disableRequestLogging: !config.server.routerLogging }),
    // Idle keep-alive sockets are closed on shutdown; requests in flight are allowed to finish.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const lifecycle = new Lifecycle();
  const metrics = createMetrics(build, config.metrics.environmentInfo);

  registerErrorMapping(app);
  registerRequestMetrics(app, metrics);
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    if (lifecycle.phase === 'starting' && !OPS_PATHS.has(request.url.split('?', 1)[0]!)) {
      return reply.status(503).send({ message: 'svc is starting' });
    }
  });

  // While shutting down, close each connection after its response so the server can finish.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.phase === 'stopping') reply.header('connection', 'close');
    return payload;
  });

  registerOpsRoutes(app, {
    config,
    lifecycle,
    build,
    metrics,
    health: createDatabaseHealth(database, clock),
    stats: createStatsService({
      db: database.db,
      metrics,
      clock,
      intervalMs: config.metrics.intervalSeconds * 1000,
    }),
  });

  return { app, lifecycle, metrics };
}
