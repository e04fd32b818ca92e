import type { Clock } from '../lib/clock.js';
import type { Db } from './database.js';

/**
 * Runs `job` on at most one instance per `intervalMs`, for background jobs in HA setups.
 * The row's version is bumped with a compare-and-set UPDATE: whichever instance changes it runs the job.
 * Returns whether this instance ran it.
 */
export async function runExclusively(
  db: Db,
  clock: Clock,
  operation: string,
  intervalMs: number,
  job: () => Promise<void>,
): Promise<boolean> {
  let row = await db
    .selectFrom('server_lock')
    .selectAll()
    .where('operation_uid', '=', operation)
    .executeTakeFirst();
  if (!row) {
    try {
      await db
        .insertInto('server_lock')
        .values({ operation_uid: operation, version: 0, last_execution: 0 })
        .execute();
    } catch {
      // another instance inserted it first; its row is read below
    }
    row = await db
      .selectFrom('server_lock')
      .selectAll()
      .where('operation_uid', '=', operation)
      .executeTakeFirstOrThrow();
  }
  const now = clock.now();
  if (now - row.last_execution < intervalMs) return false;
  const claimed = await db
    .updateTable('server_lock')
    .set({ version: row.version + 1, last_execution: now })
    .where('operation_uid', '=', operation)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  await job();
  return true;
}
