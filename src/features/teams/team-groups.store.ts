import type { Db } from '../../store/database.js';
import { insertUnlessDuplicate } from '../../store/insert.js';

export interface TeamGroupRow {
  org_id: number;
  team_id: number;
  group_id: string;
}

/** A user's membership of a team linked to groups, as team sync reads it. */
export interface SyncedMembership {
  org_id: number;
  team_id: number;
  /** 1 when team sync made it */
  external: number;
}

/**
 * SQL for team sync (issue #22): the external groups linked to teams (`team_group`) and the
 * memberships (`team_member`) the sync adds and removes. Every query filters on the org.
 */
export function createTeamGroupsStore(db: Db) {
  return {
    /** A team's groups, in the order they were linked. */
    groupsOf(orgId: number, teamId: number): Promise<TeamGroupRow[]> {
      return db
        .selectFrom('team_group')
        .select(['org_id', 'team_id', 'group_id'])
        .where('org_id', '=', orgId)
        .where('team_id', '=', teamId)
        .orderBy('id')
        .execute();
    },

    /** false when the team already has the group (a concurrent add included: the unique index decides). */
    add(orgId: number, teamId: number, groupId: string, now: number): Promise<boolean> {
      return insertUnlessDuplicate(
        db,
        db
          .insertInto('team_group')
          .values({ org_id: orgId, team_id: teamId, group_id: groupId, created: now, updated: now }),
      );
    },

    async remove(orgId: number, teamId: number, groupId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('team_group')
        .where('org_id', '=', orgId)
        .where('team_id', '=', teamId)
        .where('group_id', '=', groupId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every group link in these orgs (sign-in matches the user's groups against them). */
    linksIn(orgIds: number[]): Promise<TeamGroupRow[]> {
      if (orgIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('team_group')
        .select(['org_id', 'team_id', 'group_id'])
        .where('org_id', 'in', orgIds)
        .execute();
    },

    /** The user's memberships among these teams (of these orgs). */
    membershipsAmong(userId: number, orgIds: number[], teamIds: number[]): Promise<SyncedMembership[]> {
      if (teamIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('team_member')
        .select(['org_id', 'team_id', 'external'])
        .where('user_id', '=', userId)
        .where('org_id', 'in', orgIds)
        .where('team_id', 'in', teamIds)
        .execute();
    },

    /** A Member (0) membership marked as made by team sync; false when a concurrent sign-in made it. */
    addSyncedMember(orgId: number, teamId: number, userId: number, now: number): Promise<boolean> {
      return insertUnlessDuplicate(
        db,
        db.insertInto('team_member').values({
          org_id: orgId,
          team_id: teamId,
          user_id: userId,
          permission: 0,
          external: 1,
          created: now,
          updated: now,
        }),
      );
    },

    /** Removes a membership team sync made (one added by hand is left alone). */
    async removeSyncedMember(orgId: number, teamId: number, userId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('team_member')
        .where('org_id', '=', orgId)
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .where('external', '=', 1)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type TeamGroupsStore = ReturnType<typeof createTeamGroupsStore>;
