import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import type { DestinationStream, Logger } from 'pino';
import { Counter, Gauge } from 'prom-client';
import { buildApp, type App } from './app.js';
import type { Config } from './config/config.js';
import { createLeaseStore } from './features/alert-scheduler/lease.store.js';
import { ensureDefaultOrgAndAdmin } from './features/users/bootstrap.js';
import { hashPassword } from './lib/password.js';
import { createLogger } from './http/logger.js';
import { applySocketPermissions, listenOptions, prepareSocket, transportOptions } from './http/transport.js';
import { readBuildInfo } from './lib/build-info.js';
import { systemClock, type Clock } from './lib/clock.js';
import { startBackgroundJobs } from './store/background-jobs.js';
import { createCacheBus, type CacheBus } from './store/cache-bus.js';
import { openDatabase, type Database } from './store/database.js';

export interface RunningServer extends App {
  database: Database;
  cacheBus: CacheBus;
  logger: Logger;
  /** the address the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  /** readyz goes 503, in-flight requests finish, the database is closed */
  shutdown(): Promise<void>;
}

/**
 * Start-up order: listen first (so /livez and /readyz answer), then migrate and bootstrap, then
 * report ready. Until then API requests get 503.
 */
export async function startServer(
  config: Config,
  clock: Clock = systemClock,
  logDestination?: DestinationStream,
): Promise<RunningServer> {
  // first: an unreadable certificate stops the start before anything is opened
  const transport = transportOptions(config.server);
  const logger = createLogger(config, logDestination);
  const hashAdminPassword = adminPasswordHashOnFirstStart(config);
  const database = openDatabase(config.database, (err) => logger.warn({ err }, 'database connection lost'));
  const cacheBus = createCacheBus(config, logger);
  const built = await buildApp({
    config,
    database,
    clock,
    build: readBuildInfo(),
    logger,
    cacheBus,
    transport,
  });
  const { app, lifecycle, inFlight } = built;
  // The bus exists before the app's metrics: its gauge joins their registry here.
  new Gauge({
    name: 'svc_cache_bus_coherent',
    help: '1 while caches that must be exact across instances may serve, 0 while they are bypassed',
    registers: [built.metrics.registry],
    collect() {
      this.set(cacheBus.coherent ? 1 : 0);
    },
  });
  await prepareSocket(config.server);
  const url = await app.listen(listenOptions(config.server));
  await applySocketPermissions(config.server);

  if (config.database.type === 'sqlite3') {
    logger.info('high_availability does not apply to sqlite3: run a single instance on this database');
  }
  try {
    const applied = await database.migrate();
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
    await ensureDefaultOrgAndAdmin(database.db, config, clock, hashAdminPassword);
    for (const task of built.startTasks) await task();
  } catch (err) {
    await app.close();
    await cacheBus.close();
    await database.close();
    throw err;
  }
  const jobRuns = new Counter({
    name: 'svc_background_job_runs_total',
    help: 'background job runs on this instance, by job',
    labelNames: ['job'],
    registers: [built.metrics.registry],
  });
  // HA: one instance runs the jobs, under a lease in the same table as the alert scheduler's.
  const jobs = startBackgroundJobs({
    db: database.db,
    clock,
    logger,
    jobs: built.jobs,
    lease: config.database.highAvailability
      ? {
          store: createLeaseStore(database.db, 'background-jobs'),
          holder: `${hostname()}/${process.pid}/${randomUUID()}`.slice(0, 64),
          ttlMs: config.database.backgroundJobsLeaseMs,
        }
      : undefined,
    onRun: (job) => jobRuns.inc({ job }),
  });
  new Gauge({
    name: 'svc_background_jobs_leader',
    help: '1 while this instance runs the background jobs (holds their lease, or needs none)',
    registers: [built.metrics.registry],
    collect() {
      this.set(jobs.leading() ? 1 : 0);
    },
  });
  lifecycle.markReady();
  logger.info({ url, database: config.database.type }, 'svc is ready');

  let stopping: Promise<void> | undefined;
  const shutdown = () =>
    (stopping ??= (async () => {
      lifecycle.beginShutdown();
      const jobsStopped = jobs.stop();
      logger.info('shutting down: finishing in-flight requests');
      const deadline = Date.now() + config.server.shutdownTimeoutMs;
      const timer = setTimeout(() => app.server.closeAllConnections(), config.server.shutdownTimeoutMs);
      try {
        await app.close();
        // handlers of clients that hung up may still be running: the database stays open for them
        await inFlight.idle(deadline - Date.now());
      } finally {
        clearTimeout(timer);
        for (const task of built.shutdownTasks) {
          await task().catch((err: unknown) => logger.warn({ err }, 'shutdown task failed'));
        }
        await jobsStopped;
        await cacheBus.close();
        await database.close();
      }
      logger.info('shutdown complete');
    })());

  return { ...built, database, cacheBus, logger, url, shutdown };
}

/**
 * The admin's password hash, computed once. A first start waits for it after migrating (scrypt on
 * the thread pool, ~100 ms); on a new SQLite file, where a first start is certain, it starts at
 * once and runs beside building the app and migrating.
 */
function adminPasswordHashOnFirstStart(config: Config): () => Promise<string> {
  let hash: Promise<string> | undefined;
  const hashOnce = () => (hash ??= hashPassword(config.security.adminPassword));
  const firstStart = config.database.type === 'sqlite3' && !existsSync(config.database.path);
  // the rejection, if any, is the bootstrap's to report
  if (firstStart && !config.security.disableInitialAdminCreation) hashOnce().catch(() => {});
  return hashOnce;
}
