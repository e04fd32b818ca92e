import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { registerAlerting } from './features/alerting/alerting.feature.js';
import {
  registerAlertDispatch,
  type AlertDispatcher,
} from './features/alert-dispatch/alert-dispatch.feature.js';
import { registerAlertInhibition } from './features/alert-inhibition/alert-inhibition.feature.js';
import { registerAlertMuteTimings } from './features/alert-mute-timings/alert-mute-timings.feature.js';
import { registerAlertRules } from './features/alert-rules/alert-rules.feature.js';
import { registerAlertScheduler } from './features/alert-scheduler/alert-scheduler.feature.js';
import type { Scheduler } from './features/alert-scheduler/scheduler.js';
import { registerAlertSilences } from './features/alert-silences/alert-silences.feature.js';
import { registerAlertState } from './features/alert-state/alert-state.feature.js';
import { registerAnnotations } from './features/annotations/annotations.feature.js';
import { registerAuth } from './features/auth/auth.feature.js';
import { registerAvatar } from './features/avatar/avatar.feature.js';
import { registerDashboards } from './features/dashboards/dashboards.feature.js';
import { registerLibraryPanels } from './features/library-panels/library-panels.feature.js';
import { registerDatasources } from './features/datasources/datasources.feature.js';
import type { FeatureDeps } from './features/feature.js';
import { registerExternalAuth } from './features/external-auth/external-auth.feature.js';
import { registerLdap } from './features/ldap/ldap.feature.js';
import { registerNews } from './features/news/news.feature.js';
import { registerOAuth } from './features/oauth/oauth.feature.js';
import { registerOpenApi } from './features/openapi/openapi.feature.js';
import { recordRoutes } from './features/openapi/route-catalog.js';
import { registerOrgs } from './features/orgs/orgs.feature.js';
import { registerPreferences } from './features/preferences/preferences.feature.js';
import { createCachedPermissionSource, registerRbac } from './features/rbac/rbac.feature.js';
import { createRbacStore } from './features/rbac/rbac.store.js';
import { createResourcePermissions } from './features/rbac/resource-permissions.service.js';
import { createSecretsService } from './features/secrets/secrets.service.js';
import { registerServiceAccounts } from './features/serviceaccounts/serviceaccounts.feature.js';
import { registerSnapshots } from './features/snapshots/snapshots.feature.js';
import { createStatsService } from './features/stats/stats.service.js';
import { registerTeams } from './features/teams/teams.feature.js';
import { registerUsers } from './features/users/users.feature.js';
import { registerWeb } from './features/web/web.feature.js';
import { registerAuthentication } from './access/authentication.js';
import { createAuthorizer } from './access/authorizer.js';
import { registerErrorMapping } from './http/errors.js';
import { createDatabaseHealth } from './http/health.js';
import { InFlightWork } from './http/in-flight-work.js';
import { Lifecycle } from './http/lifecycle.js';
import { createMetrics, type Metrics } from './http/metrics.js';
import { OPS_PATHS, registerOpsRoutes } from './http/ops.routes.js';
import { registerSecurity } from './http/security.js';
import { lazyRequestLogger } from './http/lazy-request-logger.js';
import { registerRequestMetrics } from './http/request-metrics.js';
import { buildSerializer } from './http/serialization.js';
import { buildValidator } from './http/validation.js';
import type { BuildInfo } from './lib/build-info.js';
import type { Clock } from './lib/clock.js';
import type { BackgroundJob } from './store/background-jobs.js';
import type { CacheBus } from './store/cache-bus.js';
import type { Database } from './store/database.js';

interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  build: BuildInfo;
  logger: FastifyBaseLogger;
  cacheBus: CacheBus;
  /** Fastify's server options for [server] protocol (http/transport.ts); plain http when absent */
  transport?: Record<string, unknown>;
}

export interface App {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** handlers and authentication still running: shutdown waits for them before closing the database */
  inFlight: InFlightWork;
  metrics: Metrics;
  /** periodic work the server runs on one instance at a time */
  jobs: BackgroundJob[];
  /** run after migrations, before the instance reports ready */
  startTasks: (() => Promise<void>)[];
  /** run on shutdown before the database closes */
  shutdownTasks: (() => Promise<void>)[];
  /** evaluates alert rules; tests on a manual clock call its `tick` */
  alertScheduler: Scheduler;
  /** routes, groups and sends alert notifications; tests on a manual clock call its `tick` */
  alertDispatcher: AlertDispatcher;
}

/** Wires every part by hand: plumbing first, then each feature's register function in dependency order. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, clock, build } = deps;
  const { db } = database;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.server.maxBodyBytes,
    // Grafana compat: per-request logs only with [server] router_logging; they cost throughput.
    logController: new LogController({ disableRequestLogging: !config.server.routerLogging }),
    childLoggerFactory: lazyRequestLogger,
    // Idle keep-alive sockets are closed on shutdown; requests in flight are allowed to finish.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // JSON bodies are validated without type coercion; paths and query strings are converted.
    // The test suites set SVC_CHECK_RESPONSES=1: an answer its response schema would alter fails.
    schemaController: {
      compilersFactory: {
        buildValidator,
        buildSerializer: buildSerializer(process.env.SVC_CHECK_RESPONSES === '1'),
      },
    },
    // https or h2 when [server] protocol says so; the app is typed as plain http either way
    ...deps.transport,
  });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const lifecycle = new Lifecycle();
  const metrics = createMetrics(build, config.metrics.environmentInfo);

  registerErrorMapping(app);
  database.onRetry((reason) => metrics.databaseRetries.inc({ reason }));
  registerRequestMetrics(app, metrics);
  // every route from here on, for the OpenAPI document (features/openapi)
  const routeCatalog = recordRoutes(app);
  const inFlight = new InFlightWork();
  inFlight.trackHandlers(app);
  await app.register(cookie);
  registerSecurity(app, config);
  // Both hooks are synchronous in the common case: no promise per request (docs/PERFORMANCE.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (lifecycle.phase === 'starting' && !OPS_PATHS.has(request.url.split('?', 1)[0]!)) {
      void reply.status(503).send({ message: 'svc is starting' });
    } else done();
  });
  // While shutting down, close each connection after its response so the server can finish.
  // A response that follows writes leaves once the cache bus has handed their invalidations to
  // the other instances (or gave up): a revocation is effective everywhere before it returns.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.phase === 'stopping') reply.header('connection', 'close');
    const published = deps.cacheBus.settled();
    if (published) void published.then(() => done(null, payload));
    else done(null, payload);
  });

  const authorizer = createAuthorizer({
    permissions: createCachedPermissionSource({
      db,
      database,
      config,
      cacheBus: deps.cacheBus,
      clock,
      metrics,
    }),
    metrics,
  });
  registerOpsRoutes(app, {
    config,
    lifecycle,
    build,
    metrics,
    health: createDatabaseHealth(database, clock),
    stats: createStatsService({ db, metrics, clock, intervalMs: config.metrics.intervalSeconds * 1000 }),
  });

  const jobs: BackgroundJob[] = [];
  const startTasks: (() => Promise<void>)[] = [];
  const shutdownTasks: (() => Promise<void>)[] = [];
  const featureDeps: FeatureDeps = {
    api,
    db,
    database,
    config,
    clock,
    logger: deps.logger,
    authorizer,
    resourcePermissions: createResourcePermissions({ store: createRbacStore(db), clock }),
    secrets: createSecretsService({ db, secretKey: config.security.secretKey, clock }),
    metrics,
    cacheBus: deps.cacheBus,
    hooks: {
      onStart: (task) => void startTasks.push(task),
      onShutdown: (task) => void shutdownTasks.push(task),
      addJob: (job) => void jobs.push(job),
    },
  };

  // Features in dependency order: each receives the lookups of the siblings it needs (feature.ts).
  const orgs = registerOrgs(featureDeps);
  const users = registerUsers(featureDeps, { orgs });
  const serviceAccounts = registerServiceAccounts(featureDeps, { orgs, users });
  // Teams before the external sign-ins: they sync team memberships from the provider's groups.
  const teams = registerTeams(featureDeps, { orgs, users });
  const external = registerExternalAuth(featureDeps, { users, orgs, teams });
  const ldap = registerLdap(featureDeps, { users, orgs, teams });
  const auth = registerAuth(featureDeps, { users, orgs, serviceAccounts, external, ...ldap });
  registerAuthentication(app, {
    authenticator: auth.authenticator,
    authorizer,
    roleInOrg: (userId, orgId) => orgs.roleInOrg(orgId, userId),
    inFlight,
  });
  registerOAuth(featureDeps, {
    users,
    orgs,
    teams,
    startSession: auth.startSession,
    addSessionCheck: (check) => auth.addSessionCheck(check),
  });
  registerRbac(featureDeps, { orgs, teams, users });
  const dashboards = registerDashboards(featureDeps, { orgs, users, teams });
  registerPreferences(featureDeps, { dashboards, teams, orgs, users });
  registerAvatar(featureDeps);
  registerNews(featureDeps);
  registerAnnotations(featureDeps, dashboards);
  registerSnapshots(featureDeps, { dashboards });
  registerLibraryPanels(featureDeps, { dashboards });
  const datasources = registerDatasources(featureDeps);
  const alerting = registerAlerting(featureDeps);
  // alertRules is registered below; silences and mute timings ask it only while serving a request.
  const silences = registerAlertSilences(featureDeps, { rules: () => alertRules });
  const muteTimings = registerAlertMuteTimings(featureDeps, { alerting, rules: () => alertRules });
  const inhibitions = registerAlertInhibition(featureDeps);
  const alertRules = registerAlertRules(featureDeps, { dashboards, datasources, alerting, muteTimings });
  const alertStates = registerAlertState(featureDeps, { rules: alertRules });
  // The dispatcher sends what the scheduler's leader evaluates; the scheduler is created after
  // it (it takes the dispatcher's sink), so leadership is asked late through a thunk.
  const late: { scheduler?: Scheduler } = {};
  const alertDispatcher = registerAlertDispatch(featureDeps, {
    alerting,
    rules: alertRules,
    silences,
    muteTimings,
    inhibitions,
    leading: () => late.scheduler?.isLeading() ?? false,
  });
  const alertScheduler = registerAlertScheduler(featureDeps, {
    rules: alertRules,
    datasources,
    states: alertStates,
    sink: alertDispatcher.sink,
  });
  late.scheduler = alertScheduler;
  registerOpenApi(featureDeps, { routes: routeCatalog, version: build.version });
  // Last: its catch-all route serves the UI for every path no API route claims.
  registerWeb(featureDeps);

  return {
    app,
    lifecycle,
    inFlight,
    metrics,
    jobs,
    startTasks,
    shutdownTasks,
    alertScheduler,
    alertDispatcher,
  };
}
