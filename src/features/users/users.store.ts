import { sql, type Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { UsersTable } from '../../store/tables.js';

export type UserRow = Selectable<UsersTable>;

/** A user with its role in one organization (null when not a member). */
export type UserInOrg = UserRow & { org_role: string | null };

/** The only place with SQL for users. Logins and emails are stored lower-cased. */
export function createUsersStore(db: Db) {
  /** `orgId` null: the user's active organization. */
  function withOrgRole(orgId: number | null) {
    return db
      .selectFrom('users as u')
      .leftJoin('org_user as ou', (join) =>
        join
          .onRef('ou.user_id', '=', 'u.id')
          .on((eb) =>
            orgId === null ? eb('ou.org_id', '=', eb.ref('u.org_id')) : eb('ou.org_id', '=', orgId),
          ),
      )
      .selectAll('u')
      .select('ou.role as org_role');
  }

  return {
    /** Users (not service accounts) whose login or email is `loginOrEmail`, case-insensitively. */
    async findByLoginOrEmail(loginOrEmail: string, orgId: number | null): Promise<UserInOrg | undefined> {
      const key = loginOrEmail.trim().toLowerCase();
      const rows = await withOrgRole(orgId)
        .where('u.is_service_account', '=', 0)
        .where((eb) => eb.or([eb('u.login', '=', key), eb('u.email', '=', key)]))
        .execute();
      // Grafana compat: an input with "@" is tried as an email first.
      const byEmail = rows.find((r) => r.email === key);
      const byLogin = rows.find((r) => r.login === key);
      return key.includes('@') ? (byEmail ?? byLogin) : (byLogin ?? byEmail);
    },

    findById(id: number, orgId: number | null): Promise<UserInOrg | undefined> {
      return withOrgRole(orgId).where('u.id', '=', id).executeTakeFirst();
    },

    getById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A user (not a service account) by its exact login or email, stored lower-cased. */
    getByColumn(column: 'login' | 'email', value: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(column, '=', value.trim().toLowerCase())
        .where('is_service_account', '=', 0)
        .executeTakeFirst();
    },

    getByUid(uid: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
    },

    /** Any user or service account already using this login or email (excluding `exceptId`). */
    async loginOrEmailTaken(login: string, email: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('users')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('login', '=', login),
            eb('email', '=', email),
            eb('login', '=', email),
            eb('email', '=', login),
          ]),
        );
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    insert(values: Omit<UserRow, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('users').values(values));
    },

    async update(id: number, values: Partial<Omit<UserRow, 'id'>>): Promise<boolean> {
      const result = await db.updateTable('users').set(values).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Memberships, sessions, team memberships and tokens go with the user (foreign keys); other
     * features' rows through the users lookup's onUserDeleted listeners.
     */
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async updateServiceAccount(
      orgId: number,
      id: number,
      values: Partial<Omit<UserRow, 'id'>>,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set(values)
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .where('is_service_account', '=', 1)
        .execute();
    },

    /** The users and service accounts among `ids` (one query per 500 ids). */
    async summariesByIds(
      ids: number[],
    ): Promise<{ id: number; uid: string; login: string; email: string; is_service_account: number }[]> {
      const rows = [];
      for (let i = 0; i < ids.length; i += 500) {
        rows.push(
          ...(await db
            .selectFrom('users')
            .select(['id', 'uid', 'login', 'email', 'is_service_account'])
            .where('id', 'in', ids.slice(i, i + 500))
            .execute()),
        );
      }
      return rows;
    },

    /** Deletes a service account of the org; false when there is none. */
    async deleteServiceAccount(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('users')
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .where('is_service_account', '=', 1)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes every service account of the org (an org being deleted). */
    async deleteServiceAccountsOfOrg(orgId: number): Promise<void> {
      await db.deleteFrom('users').where('is_service_account', '=', 1).where('org_id', '=', orgId).execute();
    },

    /** Users (not service accounts) among `userIds` (all when undefined) whose active org is `orgId`. */
    async withActiveOrg(orgId: number, userIds?: number[]): Promise<number[]> {
      let query = db
        .selectFrom('users')
        .select('id')
        .where('org_id', '=', orgId)
        .where('is_service_account', '=', 0);
      if (userIds) {
        if (userIds.length === 0) return [];
        query = query.where('id', 'in', userIds);
      }
      return (await query.execute()).map((row) => row.id);
    },

    /** Makes `toOrgId` the active org of `userIds` whose active org is still `fromOrgId`. */
    async moveActiveOrg(userIds: number[], fromOrgId: number, toOrgId: number): Promise<void> {
      for (let i = 0; i < userIds.length; i += 500) {
        await db
          .updateTable('users')
          .set({ org_id: toOrgId })
          .where('id', 'in', userIds.slice(i, i + 500))
          .where('org_id', '=', fromOrgId)
          .execute();
      }
    },

    countServerAdmins(): Promise<number> {
      return db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_admin', '=', 1)
        .where('is_service_account', '=', 0)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },

    /** Paged search over name, login and email (case-insensitive), users only. */
    async search(options: {
      query: string;
      limit: number;
      offset: number;
    }): Promise<{ total: number; rows: UserRow[] }> {
      const pattern = `%${options.query.toLowerCase()}%`;
      const base = db.selectFrom('users').where('is_service_account', '=', 0);
      const filtered = options.query
        ? base.where((eb) =>
            eb.or([
              eb(eb.fn('lower', ['name']), 'like', pattern),
              eb('login', 'like', pattern),
              eb('email', 'like', pattern),
            ]),
          )
        : base;
      const [count, rows] = await Promise.all([
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        filtered
          .selectAll()
          .orderBy(sql`lower(login)`)
          .orderBy('id')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    async touchLastSeen(id: number, now: number): Promise<void> {
      await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    /** A user's (or service account's) id from a numeric id or a uid (Grafana accepts both in paths). */
    async resolveId(idOrUid: string): Promise<number | undefined> {
      const query = db.selectFrom('users').select('id');
      const id = parseId(idOrUid);
      if (/^\d+$/.test(idOrUid) && id === undefined) return undefined;
      const row =
        id !== undefined
          ? await query.where('id', '=', id).executeTakeFirst()
          : await query.where('uid', '=', idOrUid).executeTakeFirst();
      return row?.id;
    },
  };
}

export type UsersStore = ReturnType<typeof createUsersStore>;

const MAX_ID = 2_147_483_647;

/** A positive integer id from a path segment; undefined for anything else (or beyond INTEGER). */
function parseId(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}
