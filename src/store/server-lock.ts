import type { Clock } from '../lib/clock.js';
import type { Db } from './database.js';

const findLock = (db: Db, operation: string) =>
  db.selectFrom('server_lock').selectAll().where('operation_uid', '=', operation).executeTakeFirst();

/** Creates the row of `operation`; another instance creating it first is just as good. */
async function insertLock(db: Db, operation: string, lastExecution: number): Promise<void> {
  try {
    await db
      .insertInto('server_lock')
      .values({ operation_uid: operation, version: 0, last_execution: lastExecution })
      .execute();
  } catch {
    // another instance inserted it first
  }
}

/** The compare-and-set on the row's version: whichever instance moves it on runs the job. */
async function takeRun(db: Db, operation: string, version: number, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('server_lock')
    .set({ version: version + 1, last_execution: now })
    .where('operation_uid', '=', operation)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Claims this interval's run of `operation`: succeeds when its last run anywhere is at least
 * `intervalMs` old, by a compare-and-set UPDATE of the row's version (whichever instance changes it
 * runs the job). `lastRun` is the time of the last run after the claim (now when claimed).
 */
export async function claimRun(
  db: Db,
  clock: Clock,
  operation: string,
  intervalMs: number,
): Promise<{ claimed: boolean; lastRun: number }> {
  let row = await findLock(db, operation);
  if (!row) {
    await insertLock(db, operation, 0);
    row = await findLock(db, operation);
    if (!row) throw new Error(`server_lock: no row for ${operation}`);
  }
  const now = clock.now();
  const last = Number(row.last_execution);
  if (now - last < intervalMs) return { claimed: false, lastRun: last };
  // Lost the race: another instance ran it just now.
  return { claimed: await takeRun(db, operation, row.version, now), lastRun: now };
}

/**
 * Runs `job` on at most one instance per `intervalMs` (claimRun). Returns whether this instance
 * ran it.
 */
export async function runExclusively(
  db: Db,
  clock: Clock,
  operation: string,
  intervalMs: number,
  job: () => Promise<void>,
): Promise<boolean> {
  const { claimed } = await claimRun(db, clock, operation, intervalMs);
  if (claimed) await job();
  return claimed;
}

/**
 * Claims the run of `operation` that fell due at `dueAt` (a cron schedule's latest firing): succeeds
 * when its last run anywhere is older than that, by the same compare-and-set as claimRun, so one
 * instance runs each firing once. The first call ever only records now: a schedule starts with
 * its next firing, not with one that fell before the first start.
 */
export async function claimScheduledRun(
  db: Db,
  clock: Clock,
  operation: string,
  dueAt: number,
): Promise<boolean> {
  const now = clock.now();
  const row = await findLock(db, operation);
  if (!row) {
    // the schedule starts here, with its next firing
    await insertLock(db, operation, now);
    return false;
  }
  if (Number(row.last_execution) >= dueAt) return false;
  return takeRun(db, operation, row.version, now);
}
