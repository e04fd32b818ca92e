import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { TeamTable, Tables } from '../../store/tables.js';
import type { TeamSort } from './teams.schema.js';
import { inTransaction } from '../../store/transaction.js';

export type TeamRow = Selectable<TeamTable>;
export type TeamWithCount = TeamRow & { member_count: number };

export interface TeamMemberRow {
  org_id: number;
  team_id: number;
  team_uid: string;
  user_id: number;
  user_uid: string;
  email: string;
  name: string;
  login: string;
  permission: number;
  /** 1: added by team sync */
  external: number;
}

interface TeamFilter {
  /** substring of the name, case-insensitive */
  query?: string;
  /** exact name */
  name?: string;
  /** only these teams (null: no restriction) */
  ids?: number[] | null;
}

// Names sort case-insensitively so that every dialect (and collation) gives the same order.
const SORT_COLUMNS = {
  name: sql`lower(t.name)`,
  email: sql`lower(t.email)`,
  memberCount: sql`member_count`,
} as const;

function queries(db: Db) {
  const memberCount = (eb: ExpressionBuilder<Tables & { t: TeamTable }, 't'>) =>
    eb
      .selectFrom('team_member as tm')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('tm.team_id', '=', 't.id')
      .as('member_count');

  function teamsWithCount(orgId: number) {
    return db.selectFrom('team as t').selectAll('t').select(memberCount).where('t.org_id', '=', orgId);
  }

  function filtered(orgId: number, filter: TeamFilter) {
    let query = db.selectFrom('team as t').where('t.org_id', '=', orgId);
    if (filter.query) {
      query = query.where(sql<string>`lower(t.name)`, 'like', `%${filter.query.toLowerCase()}%`);
    }
    if (filter.name) query = query.where('t.name', '=', filter.name);
    if (filter.ids) query = query.where('t.id', 'in', filter.ids.length ? filter.ids : [-1]);
    return query;
  }

  // Counts come back as strings from PostgreSQL and MySQL.
  const normalize = (row: TeamRow & { member_count: number | string | null }): TeamWithCount => ({
    ...row,
    member_count: Number(row.member_count ?? 0),
  });

  return {
    async findById(orgId: number, id: number): Promise<TeamWithCount | undefined> {
      const row = await teamsWithCount(orgId).where('t.id', '=', id).executeTakeFirst();
      return row && normalize(row);
    },

    async nameTaken(orgId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('team').select('id').where('org_id', '=', orgId).where('name', '=', name);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    insert(values: Omit<TeamRow, 'id'>): Promise<number> {
      return insertReturningId(db, db.insertInto('team').values(values));
    },

    async update(orgId: number, id: number, values: { name: string; email: string; updated: number }) {
      const result = await db
        .updateTable('team')
        .set(values)
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async exists(orgId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('team')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes the team with its members and group links; false when there was no such team. */
    async delete(orgId: number, id: number): Promise<boolean> {
      await db.deleteFrom('team_member').where('org_id', '=', orgId).where('team_id', '=', id).execute();
      await db.deleteFrom('team_group').where('org_id', '=', orgId).where('team_id', '=', id).execute();
      const result = await db
        .deleteFrom('team')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Ids of every team that matches, for callers whose visibility must be checked team by team. */
    async matchingIds(orgId: number, filter: TeamFilter): Promise<number[]> {
      const rows = await filtered(orgId, filter).select('t.id').orderBy('t.id').execute();
      return rows.map((r) => r.id);
    },

    async search(
      orgId: number,
      filter: TeamFilter,
      page: { limit: number; offset: number; sort: TeamSort },
    ): Promise<{ total: number; rows: TeamWithCount[] }> {
      const [field, direction] = page.sort.split('-') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
      const [count, rows] = await Promise.all([
        filtered(orgId, filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        filtered(orgId, filter)
          .selectAll('t')
          .select(memberCount)
          .orderBy(SORT_COLUMNS[field], direction)
          .orderBy('t.id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return { total: Number(count.n), rows: rows.map(normalize) };
    },

    /** The teams of a user in an org, by name. */
    async teamsOfUser(orgId: number, userId: number): Promise<TeamWithCount[]> {
      const rows = await teamsWithCount(orgId)
        .where('t.id', 'in', (eb) =>
          eb
            .selectFrom('team_member')
            .select('team_id')
            .where('org_id', '=', orgId)
            .where('user_id', '=', userId),
        )
        .orderBy(SORT_COLUMNS.name)
        .orderBy('t.id')
        .execute();
      return rows.map(normalize);
    },

    /** team id -> the user's permission in it (0 member, 4 admin), for the given teams. */
    async membershipsOf(orgId: number, userId: number, teamIds: number[]): Promise<Map<number, number>> {
      if (teamIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('team_member')
        .select(['team_id', 'permission'])
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .where('team_id', 'in', teamIds)
        .execute();
      return new Map(rows.map((r) => [r.team_id, r.permission]));
    },

    async members(orgId: number, teamId: number): Promise<TeamMemberRow[]> {
      return db
        .selectFrom('team_member as tm')
        .innerJoin('team as t', 't.id', 'tm.team_id')
        .innerJoin('users as u', 'u.id', 'tm.user_id')
        .select([
          'tm.org_id',
          'tm.team_id',
          't.uid as team_uid',
          'tm.user_id',
          'u.uid as user_uid',
          'u.email',
          'u.name',
          'u.login',
          'tm.permission',
          'tm.external',
        ])
        .where('tm.org_id', '=', orgId)
        .where('t.org_id', '=', orgId)
        .where('tm.team_id', '=', teamId)
        .orderBy('u.login')
        .orderBy('u.id')
        .execute();
    },

    async isMember(orgId: number, teamId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('team_member')
        .select('id')
        .where('org_id', '=', orgId)
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addMember(values: {
      orgId: number;
      teamId: number;
      userId: number;
      permission: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('team_member')
        .values({
          org_id: values.orgId,
          team_id: values.teamId,
          user_id: values.userId,
          permission: values.permission,
          created: values.now,
          updated: values.now,
        })
        .execute();
    },

    /**
     * Grafana's team permission hook: a user's permission on a team is also its membership
     * (Member 0, Admin 4; null removes it).
     */
    async setMembership(
      orgId: number,
      teamId: number,
      userId: number,
      permission: number | null,
      now: number,
    ): Promise<void> {
      await inTransaction(db, async (trx) => {
        const existing = await trx
          .selectFrom('team_member')
          .select('id')
          .where('team_id', '=', teamId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (permission === null) {
          if (existing) await trx.deleteFrom('team_member').where('id', '=', existing.id).execute();
        } else if (existing) {
          await trx
            .updateTable('team_member')
            .set({ permission, updated: now })
            .where('id', '=', existing.id)
            .execute();
        } else {
          await trx
            .insertInto('team_member')
            .values({
              org_id: orgId,
              team_id: teamId,
              user_id: userId,
              permission,
              created: now,
              updated: now,
            })
            .execute();
        }
      });
    },

    /** The org's teams among `ids` (one query per 500 ids). */
    async summariesByIds(
      orgId: number,
      ids: number[],
    ): Promise<{ id: number; uid: string; name: string; email: string }[]> {
      const rows = [];
      for (let i = 0; i < ids.length; i += 500) {
        rows.push(
          ...(await db
            .selectFrom('team')
            .select(['id', 'uid', 'name', 'email'])
            .where('org_id', '=', orgId)
            .where('id', 'in', ids.slice(i, i + 500))
            .execute()),
        );
      }
      return rows;
    },

    /** A team's memberships with their permission (0 member, 4 admin), oldest first. */
    memberPermissions(
      orgId: number,
      teamId: number,
    ): Promise<{ id: number; user_id: number; permission: number }[]> {
      return db
        .selectFrom('team_member')
        .select(['id', 'user_id', 'permission'])
        .where('org_id', '=', orgId)
        .where('team_id', '=', teamId)
        .orderBy('id')
        .execute();
    },

    /** Removes the user from every team of the org (it left the org). */
    async removeFromAllTeams(orgId: number, userId: number): Promise<void> {
      await db.deleteFrom('team_member').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    },

    async removeMember(orgId: number, teamId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('team_member')
        .where('org_id', '=', orgId)
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

type TeamsStoreQueries = ReturnType<typeof queries>;

/** The only place with SQL for teams and team members; every query filters on the org. */
export function createTeamsStore(db: Db) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction, with the same queries bound to it. */
    transaction<T>(work: (store: TeamsStoreQueries) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx) => work(queries(trx)));
    },
  };
}

export type TeamsStore = ReturnType<typeof createTeamsStore>;
