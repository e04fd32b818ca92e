import type { Db } from '../../store/database.js';

/** SQL for failed login attempts, the memory of brute-force protection (shared by all instances). */
export function createLoginAttemptsStore(db: Db) {
  return {
    /** Failed attempts since `since` for one login (`username`) or from one client (`ip_address`). */
    async countSince(column: 'username' | 'ip_address', value: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('login_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', value)
        .where('created', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async record(username: string, ipAddress: string, now: number): Promise<void> {
      await db
        .insertInto('login_attempt')
        .values({ username, ip_address: ipAddress, created: now })
        .execute();
    },

    async deleteOlderThan(before: number): Promise<void> {
      await db.deleteFrom('login_attempt').where('created', '<', before).execute();
    },
  };
}

export type LoginAttemptsStore = ReturnType<typeof createLoginAttemptsStore>;
