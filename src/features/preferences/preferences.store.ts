import type { Selectable } from 'kysely';
import type { Db } from '../../store/database.js';
import type { PreferencesTable } from '../../store/tables.js';
import { inTransaction } from '../../store/transaction.js';

export type PreferencesRow = Selectable<PreferencesTable>;

/** Whose preferences: a user in an org, a team, or the org itself (userId and teamId 0). */
export interface PreferencesOwner {
  orgId: number;
  userId: number;
  teamId: number;
}

export type PreferencesValues = Pick<
  PreferencesRow,
  'theme' | 'timezone' | 'week_start' | 'home_dashboard_uid' | 'json_data'
>;

function queries(db: Db) {
  function ofOwner(owner: PreferencesOwner) {
    return db
      .selectFrom('preferences')
      .where('org_id', '=', owner.orgId)
      .where('user_id', '=', owner.userId)
      .where('team_id', '=', owner.teamId);
  }

  return {
    get(owner: PreferencesOwner): Promise<PreferencesRow | undefined> {
      return ofOwner(owner).selectAll().executeTakeFirst();
    },

    async insert(owner: PreferencesOwner, values: PreferencesValues, now: number): Promise<void> {
      await db
        .insertInto('preferences')
        .values({
          org_id: owner.orgId,
          user_id: owner.userId,
          team_id: owner.teamId,
          ...values,
          created: now,
          updated: now,
        })
        .execute();
    },

    async update(id: number, values: PreferencesValues, now: number): Promise<void> {
      await db
        .updateTable('preferences')
        .set({ ...values, updated: now })
        .where('id', '=', id)
        .execute();
    },

    async deleteOfTeam(orgId: number, teamId: number): Promise<void> {
      await db
        .deleteFrom('preferences')
        .where('org_id', '=', orgId)
        .where('team_id', '=', teamId)
        .where('user_id', '=', 0)
        .execute();
    },

    async deleteOfOrg(orgId: number): Promise<void> {
      await db.deleteFrom('preferences').where('org_id', '=', orgId).execute();
    },

    /** A user's (or service account's) preferences, in every org. */
    async deleteOfUser(userId: number): Promise<void> {
      await db.deleteFrom('preferences').where('user_id', '=', userId).where('team_id', '=', 0).execute();
    },

    /**
     * Every non-empty home dashboard that can apply to a user in an org: their own, their teams'
     * and the org's, in one query.
     */
    homeDashboardCandidates(
      orgId: number,
      userId: number,
    ): Promise<{ user_id: number; team_id: number; home_dashboard_uid: string }[]> {
      return db
        .selectFrom('preferences')
        .select(['user_id', 'team_id', 'home_dashboard_uid'])
        .where('org_id', '=', orgId)
        .where('home_dashboard_uid', '!=', '')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('team_id', '=', 0)]),
            eb.and([eb('user_id', '=', 0), eb('team_id', '=', 0)]),
            eb.and([
              eb('user_id', '=', 0),
              eb(
                'team_id',
                'in',
                eb
                  .selectFrom('team_member')
                  .select('team_id')
                  .where('org_id', '=', orgId)
                  .where('user_id', '=', userId),
              ),
            ]),
          ]),
        )
        .execute();
    },
  };
}

type PreferencesStoreQueries = ReturnType<typeof queries>;

/** The only place with SQL for preferences; every row belongs to one org. */
export function createPreferencesStore(db: Db) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction, with the same queries bound to it. */
    transaction<T>(work: (store: PreferencesStoreQueries) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx) => work(queries(trx)));
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
