import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { UserAuthTokenTable } from '../../store/tables.js';

export type SessionRow = Selectable<UserAuthTokenTable>;

/** SQL for session tokens (table user_auth_token). Tokens are looked up by their hash only. */
export function createSessionsStore(db: Db) {
  return {
    /** By the current token, else by the one it replaced (two indexed lookups beat one OR scan). */
    async findByHash(hash: string): Promise<SessionRow | undefined> {
      const current = await db
        .selectFrom('user_auth_token')
        .selectAll()
        .where('auth_token', '=', hash)
        .executeTakeFirst();
      return (
        current ??
        (await db
          .selectFrom('user_auth_token')
          .selectAll()
          .where('prev_auth_token', '=', hash)
          .executeTakeFirst())
      );
    },

    insert(values: Omit<SessionRow, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('user_auth_token').values(values));
    },

    /** Compare-and-set rotation: only the request that still sees `currentHash` rotates. */
    async rotate(
      id: number,
      currentHash: string,
      values: Pick<
        SessionRow,
        'auth_token' | 'prev_auth_token' | 'rotated_at' | 'updated_at' | 'client_ip' | 'user_agent'
      >,
    ): Promise<boolean> {
      const result = await db
        .updateTable('user_auth_token')
        .set({ ...values, seen_at: 0 })
        .where('id', '=', id)
        .where('auth_token', '=', currentHash)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSeen(id: number, now: number): Promise<void> {
      await db.updateTable('user_auth_token').set({ seen_at: now }).where('id', '=', id).execute();
    },

    listActive(userId: number, createdAfter: number, rotatedAfter: number): Promise<SessionRow[]> {
      return db
        .selectFrom('user_auth_token')
        .selectAll()
        .where('user_id', '=', userId)
        .where('created_at', '>', createdAfter)
        .where('rotated_at', '>', rotatedAfter)
        .orderBy('id')
        .execute();
    },

    getForUser(id: number, userId: number): Promise<SessionRow | undefined> {
      return db
        .selectFrom('user_auth_token')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('user_auth_token').where('id', '=', id).execute();
    },

    async deleteAllOfUser(userId: number): Promise<void> {
      await db.deleteFrom('user_auth_token').where('user_id', '=', userId).execute();
    },

    async deleteExpired(createdBefore: number, rotatedBefore: number): Promise<void> {
      await db
        .deleteFrom('user_auth_token')
        .where((eb) => eb.or([eb('created_at', '<=', createdBefore), eb('rotated_at', '<=', rotatedBefore)]))
        .execute();
    },
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
