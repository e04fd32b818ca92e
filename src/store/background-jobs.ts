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
 * (server_lock). Failures are logged, never fatal. Returns a stop function for shutdown.
 */
export function startBackgroundJobs(
  db: Db,
  clock: Clock,
  logger: FastifyBaseLogger,
  jobs: BackgroundJob[],
): () => void {
  const timers = jobs.map((job) => {
    const tick = () => {
      runExclusively(db, clock, job.name, job.intervalMs, () => job.run()).catch((err: unknown) =>
        logger.warn({ err, job: job.name }, 'background job failed'),
      );
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
