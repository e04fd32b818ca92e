import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { UserAuthTable } from '../../store/tables.js';

export type UserAuthRow = Selectable<UserAuthTable>;

/** The external identities (table user_auth) linked to users: one row per user and auth module. */
export function createUserAuthStore(db: Db) {
  return {
    findByAuthId(authModule: string, authId: string): Promise<UserAuthRow | undefined> {
      return db
        .selectFrom('user_auth')
        .selectAll()
        .where('auth_module', '=', authModule)
        .where('auth_id', '=', authId)
        .executeTakeFirst();
    },

    /** Whether the user is linked to an identity of `authModule` (e.g. it signed in through LDAP once). */
    async isLinked(userId: number, authModule: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_auth')
        .select('id')
        .where('user_id', '=', userId)
        .where('auth_module', '=', authModule)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The ids of the users linked to an identity of `authModule` (the LDAP background sync's list). */
    async userIdsOf(authModule: string): Promise<number[]> {
      const rows = await db
        .selectFrom('user_auth')
        .select('user_id')
        .where('auth_module', '=', authModule)
        .orderBy('user_id')
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** The user's most recently linked OAuth identity (auth module `oauth_*`), with its tokens. */
    latestOAuthOf(userId: number): Promise<UserAuthRow | undefined> {
      return (
        db
          .selectFrom('user_auth')
          .selectAll()
          .where('user_id', '=', userId)
          // `_` matches any one character here; every module starting "oauth" is an OAuth one.
          .where('auth_module', 'like', 'oauth_%')
          .orderBy('created', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst()
      );
    },

    /** The auth modules of each of `userIds` that has any, in link order. */
    async modulesOf(userIds: number[]): Promise<Map<number, string[]>> {
      const modules = new Map<number, string[]>();
      if (!userIds.length) return modules;
      const rows = await db
        .selectFrom('user_auth')
        .select(['user_id', 'auth_module'])
        .where('user_id', 'in', userIds)
        .orderBy('id')
        .execute();
      for (const row of rows)
        modules.set(row.user_id, [...(modules.get(row.user_id) ?? []), row.auth_module]);
      return modules;
    },

    /** Replaces the user's row for the module (the subject and tokens of its latest sign-in). */
    async save(values: Omit<UserAuthRow, 'id' | 'created'>, now: number): Promise<void> {
      const result = await db
        .updateTable('user_auth')
        .set(values)
        .where('user_id', '=', values.user_id)
        .where('auth_module', '=', values.auth_module)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        await db
          .insertInto('user_auth')
          .values({ ...values, created: now })
          .execute();
      }
    },
  };
}

export type UserAuthStore = ReturnType<typeof createUserAuthStore>;
