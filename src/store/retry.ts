/**
 * What a database asks us to try again, and how long to wait before we do. Shared by whole
 * transactions (store/transaction.ts) and by statements that run on their own
 * (store/retrying-driver.ts).
 */

/** Why a statement or transaction was re-run; the label of svc_database_retries_total. */
export const RETRY_REASONS = ['deadlock', 'serialization', 'lock_timeout', 'busy'] as const;
export type RetryReason = (typeof RETRY_REASONS)[number];

export type RetryListener = (reason: RetryReason) => void;

/** Attempts in all, the first included; after the last one the error reaches the caller. */
const MAX_ATTEMPTS = 6;
const BASE_DELAY_MS = 4;
const MAX_DELAY_MS = 250;

/**
 * The reason to re-run a unit of work that failed with `err`, or undefined when it must not be
 * re-run: MySQL 1213 (deadlock) and 1205 (lock wait timeout), PostgreSQL 40P01 (deadlock) and
 * 40001 (serialization failure), SQLite BUSY (another process held the file past busy_timeout).
 * In each case the database rolled back the statement or the whole transaction, so running the
 * whole unit again cannot apply anything twice.
 */
function retryReason(err: unknown): RetryReason | undefined {
  const { code, errno } = (err ?? {}) as { code?: unknown; errno?: unknown };
  if (code === '40P01' || errno === 1213 || code === 'ER_LOCK_DEADLOCK') return 'deadlock';
  if (code === '40001') return 'serialization';
  if (errno === 1205 || code === 'ER_LOCK_WAIT_TIMEOUT') return 'lock_timeout';
  if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return 'busy';
  return undefined;
}

/**
 * Full jitter on an exponential ceiling: writers that collided once spread out instead of
 * colliding again in step.
 */
function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(random() * ceiling);
}

/** Runs `work`, re-running it whole while the database asks for a retry, at most MAX_ATTEMPTS times. */
export async function withRetries<T>(work: () => Promise<T>, onRetry: RetryListener): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const reason = retryReason(err);
      if (!reason || attempt >= MAX_ATTEMPTS) throw err;
      onRetry(reason);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}
