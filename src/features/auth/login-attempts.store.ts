import type { Db } from '../../store/database.js';

/** SQL for failed login attempts, the memory of brute-force protection (shared by all instances). */
export function createLoginAttemptsStore(db: Db) {
  return {
    async countSince(username: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('login_attempt')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('username', '=', username)
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
