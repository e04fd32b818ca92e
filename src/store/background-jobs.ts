import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { Db } from './database.js';
import { claimRun } from './server-lock.js';

export interface BackgroundJob {
  name: string;
  /** how often it runs; read again after each run, so a job may change it */
  intervalMs: number;
  /** runs are logged at debug instead of info (jobs that run every few seconds) */
  frequent?: boolean;
  run(): Promise<void>;
}

/**
 * A database lease naming the one instance that runs the background jobs (the alert scheduler's
 * lease store, under another name: it is handed in by server.ts, this layer knows no feature).
 */
export interface JobsLease {
  acquire(holder: string, now: number, expiresAt: number): Promise<boolean>;
  release(holder: string): Promise<void>;
}

export interface BackgroundJobsOptions {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  jobs: BackgroundJob[];
  /**
   * HA: only the holder of this lease runs jobs. Absent (SQLite, `high_availability = false`):
   * this instance is the only one and always runs them.
   */
  lease?: { store: JobsLease; holder: string; ttlMs: number };
  /** each run, by job (the svc_background_job_runs_total counter) */
  onRun?(job: string): void;
}

export interface BackgroundJobs {
  /** whether this instance runs the jobs now (holds the lease, or needs none) */
  leading(): boolean;
  /** stops the timers, waits for runs in progress and gives the lease up (clean shutdown) */
  stop(): Promise<void>;
}

/**
 * Runs each job every `intervalMs` on exactly one live instance.
 *
 * - With a lease (HA), the instance holding it runs every job; it renews the lease every third of
 *   its TTL. When the holder dies the lease expires and another instance, trying every third of
 *   the TTL, takes it: within TTL + TTL/3 of the last renewal (20 s with the default 15 s). The new
 *   holder at once runs each job that is due. A holder that cannot renew stops running jobs when
 *   its lease runs out by its own clock. A clean shutdown releases the lease, so another instance
 *   takes it at its next try.
 * - Each run is also claimed by a compare-and-set on the job's `server_lock` row (last run anywhere),
 *   so a job runs once per interval across lease hand-overs and restarts, and never twice at once
 *   beside a holder that has not yet noticed it lost the lease.
 *
 * Failures are logged, never fatal.
 */
export function startBackgroundJobs(options: BackgroundJobsOptions): BackgroundJobs {
  const { db, clock, logger, jobs, lease } = options;
  let heldUntil = lease ? 0 : Infinity;
  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers = new Map<BackgroundJob, NodeJS.Timeout>();
  const leading = () => !stopped && clock.now() < heldUntil;

  const schedule = (job: BackgroundJob, delayMs: number) => {
    clearTimeout(timers.get(job));
    if (stopped) return;
    const timer = setTimeout(() => void attempt(job), Math.max(0, delayMs));
    timer.unref();
    timers.set(job, timer);
  };

  async function attempt(job: BackgroundJob): Promise<void> {
    timers.delete(job);
    // Not the holder: nothing is scheduled until this instance takes the lease (it kicks every job).
    if (!leading()) return;
    const started = clock.now();
    const interval = job.intervalMs;
    // A timer may fire a little early by the wall clock: a run counts as due within this slack.
    const slack = Math.min(1_000, interval / 10);
    let lastRun = started;
    const run = (async () => {
      const claim = await claimRun(db, clock, job.name, interval - slack);
      lastRun = claim.lastRun;
      if (!claim.claimed) return;
      await job.run();
      options.onRun?.(job.name);
      const fields = { job: job.name, ms: clock.now() - started };
      if (job.frequent) logger.debug(fields, 'background job ran');
      else logger.info(fields, 'background job ran');
    })();
    running.add(run);
    try {
      await run;
    } catch (err) {
      logger.warn({ err, job: job.name }, 'background job failed');
    } finally {
      running.delete(run);
      // read again: the job may have changed its interval
      schedule(job, lastRun + job.intervalMs - clock.now());
    }
  }

  const kickAll = () => jobs.forEach((job) => schedule(job, 0));

  let leaseTimer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> | undefined;
  if (lease) {
    const renewEvery = Math.max(100, Math.floor(lease.ttlMs / 3));
    const renew = async () => {
      const now = clock.now();
      const was = leading();
      try {
        const held = await lease.store.acquire(lease.holder, now, now + lease.ttlMs);
        if (stopped) return;
        heldUntil = held ? now + lease.ttlMs : 0;
      } catch (err) {
        logger.warn({ err }, 'background jobs lease: renewal failed');
      }
      if (!was && leading()) {
        logger.info({ holder: lease.holder }, 'background jobs lease taken: this instance runs them');
        kickAll();
      } else if (was && !leading()) {
        logger.info({ holder: lease.holder }, 'background jobs lease lost: another instance runs them');
      }
    };
    const loop = () => {
      renewing = renew().finally(() => {
        renewing = undefined;
        if (stopped) return;
        leaseTimer = setTimeout(loop, renewEvery);
        leaseTimer.unref();
      });
    };
    loop();
  } else {
    kickAll();
  }

  return {
    leading,
    async stop() {
      stopped = true;
      clearTimeout(leaseTimer);
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      await renewing;
      await Promise.allSettled([...running]);
      if (lease) {
        await lease.store
          .release(lease.holder)
          .catch((err: unknown) => logger.warn({ err }, 'background jobs lease: release failed'));
      }
    },
  };
}
