import { sql } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import { inTransaction } from '../../store/transaction.js';

/** A service account as the feature sees it: its user row plus its role in its organization. */
export interface ServiceAccountRow {
  id: number;
  uid: string;
  name: string;
  login: string;
  org_id: number;
  is_disabled: number;
  role: string;
  created: number;
  updated: number;
}

interface NewServiceAccount {
  uid: string;
  orgId: number;
  name: string;
  login: string;
  role: string;
  isDisabled: boolean;
  now: number;
}

interface ServiceAccountSearch {
  query: string;
  onlyDisabled: boolean;
  /** undefined: every match */
  limit?: number;
  offset?: number;
}

/**
 * SQL for service accounts: rows of `users` with is_service_account = 1 and their one membership
 * in `org_user`. Every query is bounded to the caller's organization.
 */
export function createServiceAccountsStore(db: Db) {
  return {
    ...serviceAccountQueries(db),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction<T>(work: (trx: ServiceAccountQueries) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx) => work(serviceAccountQueries(trx)));
    },
  };
}

export type ServiceAccountsStore = ReturnType<typeof createServiceAccountsStore>;
type ServiceAccountQueries = ReturnType<typeof serviceAccountQueries>;

function serviceAccountQueries(db: Db) {
  function inOrg(orgId: number) {
    return db
      .selectFrom('users as u')
      .innerJoin('org_user as ou', (join) =>
        join.onRef('ou.user_id', '=', 'u.id').on('ou.org_id', '=', orgId),
      )
      .where('u.is_service_account', '=', 1);
  }

  function matching(orgId: number, search: Pick<ServiceAccountSearch, 'query' | 'onlyDisabled'>) {
    let query = inOrg(orgId);
    if (search.onlyDisabled) query = query.where('u.is_disabled', '=', 1);
    if (search.query) {
      const pattern = `%${search.query.toLowerCase()}%`;
      query = query.where((eb) =>
        eb.or([eb(eb.fn('lower', ['u.name']), 'like', pattern), eb('u.login', 'like', pattern)]),
      );
    }
    return query;
  }

  const columns = [
    'u.id',
    'u.uid',
    'u.name',
    'u.login',
    'ou.org_id',
    'u.is_disabled',
    'ou.role',
    'u.created',
    'u.updated',
  ] as const;

  return {
    find(orgId: number, id: number): Promise<ServiceAccountRow | undefined> {
      return inOrg(orgId).select(columns).where('u.id', '=', id).executeTakeFirst();
    },

    /**
     * Whether another account already uses this login (as login or email, users included) or a
     * service account of the organization already has this name, case-insensitively.
     */
    async taken(orgId: number, name: string, login: string, exceptId?: number): Promise<boolean> {
      let byLogin = db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('login', '=', login), eb('email', '=', login)]));
      if (exceptId !== undefined) byLogin = byLogin.where('id', '!=', exceptId);
      if ((await byLogin.limit(1).executeTakeFirst()) !== undefined) return true;
      let byName = inOrg(orgId)
        .select('u.id')
        .where((eb) => eb(eb.fn('lower', ['u.name']), '=', name.toLowerCase()));
      if (exceptId !== undefined) byName = byName.where('u.id', '!=', exceptId);
      return (await byName.limit(1).executeTakeFirst()) !== undefined;
    },

    /** Inserts the user row and its membership; call inside a transaction. */
    async insert(account: NewServiceAccount): Promise<number> {
      const id = await insertReturningId(
        db,
        db.insertInto('users').values({
          uid: account.uid,
          version: 0,
          login: account.login,
          email: account.login,
          name: account.name,
          password: '',
          salt: '',
          theme: '',
          org_id: account.orgId,
          is_admin: 0,
          is_disabled: account.isDisabled ? 1 : 0,
          is_service_account: 1,
          is_external: 0,
          created: account.now,
          updated: account.now,
          last_seen_at: 0,
        }),
      );
      await db
        .insertInto('org_user')
        .values({
          org_id: account.orgId,
          user_id: id,
          role: account.role,
          created: account.now,
          updated: account.now,
        })
        .execute();
      return id;
    },

    async update(
      orgId: number,
      id: number,
      changes: { name?: string; login?: string; isDisabled?: boolean; role?: string; now: number },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.login !== undefined ? { login: changes.login, email: changes.login } : {}),
          ...(changes.isDisabled !== undefined ? { is_disabled: changes.isDisabled ? 1 : 0 } : {}),
          updated: changes.now,
        })
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .where('is_service_account', '=', 1)
        .execute();
      if (changes.role !== undefined) {
        await db
          .updateTable('org_user')
          .set({ role: changes.role, updated: changes.now })
          .where('org_id', '=', orgId)
          .where('user_id', '=', id)
          .execute();
      }
    },

    /**
     * Deletes the account with its tokens, membership, team memberships and preferences; false,
     * deleting nothing, when `id` is not a service account of the org (a user's id must not lose
     * its membership and preferences to a refused request).
     */
    async delete(orgId: number, id: number): Promise<boolean> {
      const account = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .where('is_service_account', '=', 1)
        .executeTakeFirst();
      if (!account) return false;
      await db
        .deleteFrom('api_key')
        .where('org_id', '=', orgId)
        .where('service_account_id', '=', id)
        .execute();
      await db.deleteFrom('team_member').where('org_id', '=', orgId).where('user_id', '=', id).execute();
      await db.deleteFrom('preferences').where('org_id', '=', orgId).where('user_id', '=', id).execute();
      await db.deleteFrom('org_user').where('org_id', '=', orgId).where('user_id', '=', id).execute();
      const result = await db
        .deleteFrom('users')
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .where('is_service_account', '=', 1)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes every service account of the org (its tokens and membership cascade). */
    async deleteAllOfOrg(orgId: number): Promise<void> {
      await db.deleteFrom('users').where('is_service_account', '=', 1).where('org_id', '=', orgId).execute();
    },

    async search(
      orgId: number,
      search: ServiceAccountSearch,
    ): Promise<{ total: number; rows: ServiceAccountRow[] }> {
      const filtered = matching(orgId, search);
      let page = filtered
        .select(columns)
        .orderBy(sql`lower(u.name)`)
        .orderBy('u.id');
      if (search.limit !== undefined) page = page.limit(search.limit).offset(search.offset ?? 0);
      const [count, rows] = await Promise.all([
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        page.execute(),
      ]);
      return { total: Number(count.n), rows };
    },
  };
}
