import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { OrgTable } from '../../store/tables.js';
import { inTransaction } from '../../store/transaction.js';

export type OrgRow = Selectable<OrgTable>;

export interface OrgAddress {
  address1: string;
  address2: string;
  city: string;
  zipCode: string;
  state: string;
  country: string;
}

export interface MemberRow {
  orgId: number;
  userId: number;
  uid: string;
  email: string;
  name: string;
  login: string;
  role: string;
  lastSeenAt: number;
  isDisabled: number;
}

/** SQL for organizations and their memberships (tables org, org_user). */
export function createOrgsStore(db: Db) {
  const members = () =>
    db
      .selectFrom('org_user as ou')
      .innerJoin('users as u', 'u.id', 'ou.user_id')
      .select([
        'ou.org_id as orgId',
        'ou.user_id as userId',
        'u.uid',
        'u.email',
        'u.name',
        'u.login',
        'ou.role',
        'u.last_seen_at as lastSeenAt',
        'u.is_disabled as isDisabled',
      ])
      .where('u.is_service_account', '=', 0);

  const memberFilter = <Q extends ReturnType<typeof members>>(query: Q, text: string): Q => {
    if (!text) return query;
    const pattern = `%${text.toLowerCase()}%`;
    return query.where((eb) =>
      eb.or([
        eb('u.login', 'like', pattern),
        eb('u.email', 'like', pattern),
        eb(eb.fn('lower', ['u.name']), 'like', pattern),
      ]),
    ) as Q;
  };

  return {
    getById(id: number): Promise<OrgRow | undefined> {
      return db.selectFrom('org').selectAll().where('id', '=', id).executeTakeFirst();
    },

    getByName(name: string): Promise<OrgRow | undefined> {
      return db.selectFrom('org').selectAll().where('name', '=', name).executeTakeFirst();
    },

    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('org').select('id').where('name', '=', name);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    list(options: {
      query: string;
      name: string;
      limit: number;
      offset: number;
    }): Promise<{ id: number; name: string }[]> {
      let query = db.selectFrom('org').select(['id', 'name']);
      if (options.name) query = query.where('name', '=', options.name);
      if (options.query)
        query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${options.query.toLowerCase()}%`));
      return query.orderBy('name').orderBy('id').limit(options.limit).offset(options.offset).execute();
    },

    /** A new org with its creator as Admin, in one transaction. */
    create(name: string, creatorId: number | null, now: number): Promise<number> {
      return inTransaction(db, async (trx) => {
        const id = await insertReturningId(
          trx,
          trx.insertInto('org').values({
            name,
            version: 0,
            address1: '',
            address2: '',
            city: '',
            state: '',
            zip_code: '',
            country: '',
            created: now,
            updated: now,
          }),
        );
        if (creatorId !== null) {
          await trx
            .insertInto('org_user')
            .values({ org_id: id, user_id: creatorId, role: 'Admin', created: now, updated: now })
            .execute();
        }
        return id;
      });
    },

    async rename(id: number, name: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('org')
        .set({ name, updated: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setAddress(id: number, address: OrgAddress, now: number): Promise<void> {
      await db
        .updateTable('org')
        .set({
          address1: address.address1,
          address2: address.address2,
          city: address.city,
          zip_code: address.zipCode,
          state: address.state,
          country: address.country,
          updated: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Deletes the org; what the database ties to it goes too (memberships, teams, tokens, …
     * cascade). Other features' rows go through the orgs lookup's onOrgDeleted listeners.
     */
    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('org').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    listMembers(
      orgId: number,
      options: { query: string; limit: number; offset: number },
    ): Promise<MemberRow[]> {
      return memberFilter(members().where('ou.org_id', '=', orgId), options.query)
        .orderBy('u.login')
        .limit(options.limit)
        .offset(options.offset)
        .execute();
    },

    async countMembers(orgId: number, text: string): Promise<number> {
      const row = await memberFilter(members().where('ou.org_id', '=', orgId), text)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    getMember(orgId: number, userId: number): Promise<MemberRow | undefined> {
      return members().where('ou.org_id', '=', orgId).where('ou.user_id', '=', userId).executeTakeFirst();
    },

    async roleOf(orgId: number, userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('org_user')
        .select('role')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    async isMember(orgId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('org_user')
        .select('id')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The organizations a user belongs to, by name. */
    orgsOfUser(userId: number): Promise<{ orgId: number; name: string; role: string }[]> {
      return db
        .selectFrom('org_user as ou')
        .innerJoin('org as o', 'o.id', 'ou.org_id')
        .select(['ou.org_id as orgId', 'o.name', 'ou.role'])
        .where('ou.user_id', '=', userId)
        .orderBy('o.name')
        .execute();
    },

    /** The first organization a user belongs to, as a fallback active org. */
    async firstOrgOf(userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('org_user')
        .select('org_id')
        .where('user_id', '=', userId)
        .orderBy('org_id')
        .limit(1)
        .executeTakeFirst();
      return row?.org_id;
    },

    async addMember(orgId: number, userId: number, role: string, now: number): Promise<void> {
      await db
        .insertInto('org_user')
        .values({ org_id: orgId, user_id: userId, role, created: now, updated: now })
        .execute();
    },

    async setRole(orgId: number, userId: number, role: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('org_user')
        .set({ role, updated: now })
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes a membership (the teams and users features react through onOrgMemberRemoved). */
    async removeMember(orgId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('org_user')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** userId -> the first organization (lowest id) each of `userIds` belongs to, if any. */
    async firstOrgsOf(userIds: number[]): Promise<Map<number, number>> {
      const firsts = new Map<number, number>();
      for (let i = 0; i < userIds.length; i += 500) {
        const rows = await db
          .selectFrom('org_user')
          .select(['user_id', (eb) => eb.fn.min<number>('org_id').as('org_id')])
          .where('user_id', 'in', userIds.slice(i, i + 500))
          .groupBy('user_id')
          .execute();
        for (const row of rows) firsts.set(Number(row.user_id), Number(row.org_id));
      }
      return firsts;
    },

    async countAdmins(orgId: number): Promise<number> {
      const row = await db
        .selectFrom('org_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .where('role', '=', 'Admin')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type OrgsStore = ReturnType<typeof createOrgsStore>;
