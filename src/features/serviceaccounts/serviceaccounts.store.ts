import { sql } from 'kysely';
import type { Db } from '../../store/database.js';
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

interface ServiceAccountSearch {
  query: string;
  onlyDisabled: boolean;
  /** undefined: every match */
  limit?: number;
  offset?: number;
}

/**
 * SQL for service accounts: reads of `users` rows with is_service_account = 1 and their one
 * membership in `org_user` (written through the users and orgs lookups), and their tokens in
 * `api_key`. Every query is bounded to the caller's organization.
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

    /** Deletes the account's tokens (its user row is the users feature's to delete). */
    async deleteTokens(orgId: number, id: number): Promise<void> {
      await db
        .deleteFrom('api_key')
        .where('org_id', '=', orgId)
        .where('service_account_id', '=', id)
        .execute();
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
