import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { Db } from './database.js';
import { runExclusively } from './server-lock.js';

export interface BackgroundJob {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

/**
 * Runs each job every `intervalMs` on exactly one of the instances sharing the database
 * (server_lock). Each instance tries at start and then every `intervalMs`: the first try after the
 * interval has passed since the last run anywhere wins, so a job runs on schedule while any
 * instance lives (and an instance restarted more often than the interval still runs it).
 * Failures are logged, never fatal. Returns a stop function for shutdown.
 */
export function startBackgroundJobs(
  db: Db,
  clock: Clock,
  logger: FastifyBaseLogger,
  jobs: BackgroundJob[],
): () => void {
  const timers = jobs.map((job) => {
    const tick = () => {
      const started = Date.now();
      runExclusively(db, clock, job.name, job.intervalMs, () => job.run()).then(
        (ran) => {
          if (ran) logger.info({ job: job.name, ms: Date.now() - started }, 'background job ran');
        },
        (err: unknown) => logger.warn({ err, job: job.name }, 'background job failed'),
      );
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, job.intervalMs);
    first.unref();
    timer.unref();
    return { first, timer };
  });
  return () =>
    timers.forEach(({ first, timer }) => {
      clearTimeout(first);
      clearInterval(timer);
    });
}
