import type { Db } from '../../store/database.js';
import { insertUnlessDuplicate } from '../../store/insert.js';

/**
 * The evaluator lease (HA): one row names the instance that evaluates alert rules and until when.
 * The holder renews it every tick; when it stops renewing (crash, shutdown, partition) another
 * instance takes it once it has expired. Every change is a compare-and-set on `version`, so two
 * instances can never both win the same expired lease.
 */
export function createLeaseStore(db: Db, name = 'scheduler') {
  return {
    /**
     * Takes or renews the lease for `holder` until `expiresAt`; true when this holder has it now.
     * `preempts` says whether this holder may take the lease from a live holder (an evaluating
     * instance from one that only dispatches).
     */
    async acquire(
      holder: string,
      now: number,
      expiresAt: number,
      preempts: (current: string) => boolean = () => false,
    ): Promise<boolean> {
      let row = await db
        .selectFrom('alert_scheduler_lease')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) {
        await insertUnlessDuplicate(
          db,
          db.insertInto('alert_scheduler_lease').values({ name, holder: '', expires_at: 0, version: 0 }),
        );
        row = await db
          .selectFrom('alert_scheduler_lease')
          .selectAll()
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
      }
      if (row.holder !== holder && Number(row.expires_at) > now && !preempts(row.holder)) return false;
      const claimed = await db
        .updateTable('alert_scheduler_lease')
        .set({ holder, expires_at: expiresAt, version: row.version + 1 })
        .where('name', '=', name)
        .where('version', '=', row.version)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Gives the lease up at once (clean shutdown), so another instance need not wait for expiry. */
    async release(holder: string): Promise<void> {
      await db
        .updateTable('alert_scheduler_lease')
        .set({ expires_at: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}

export type LeaseStore = ReturnType<typeof createLeaseStore>;
