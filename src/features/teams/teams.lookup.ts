import type { TeamGroupsService } from './team-groups.service.js';
import type { TeamsStore } from './teams.store.js';

/** Who a team is, for lists naming their principals. */
export interface TeamSummary {
  id: number;
  uid: string;
  name: string;
  email: string;
}

/**
 * The teams feature's face to its siblings: teams, team members and team groups (tables team,
 * team_member, team_group) are read and written only through these functions.
 */
export interface TeamsLookup {
  teamExists(orgId: number, teamId: number): Promise<boolean>;
  /** id -> the org's teams among `ids` (batched: one query per 500 ids) */
  teamsByIds(orgId: number, ids: number[]): Promise<Map<number, TeamSummary>>;
  /** a team's memberships (membership id, user, permission: 0 Member, 4 Admin), oldest first */
  membersOf(orgId: number, teamId: number): Promise<{ id: number; userId: number; permission: number }[]>;
  /**
   * Grafana's team permission hook (rbac): a user's Member (0) or Admin (4) permission on a team
   * is its membership; null removes it
   */
  setMembership(
    orgId: number,
    teamId: number,
    userId: number,
    permission: number | null,
    now: number,
  ): Promise<void>;
  /**
   * Team sync at an external sign-in that reported groups (call inside its unit of work): in each
   * of `orgIds` the user joins the teams linked to one of `groups` and leaves the linked teams it
   * joined through a group it no longer has; memberships added by hand stay
   */
  syncGroupMemberships(userId: number, orgIds: number[], groups: string[], now: number): Promise<void>;
  /** the teams of `orgIds` linked to one of `groups`, with the linked group, by org and team name */
  teamsLinkedTo(
    orgIds: number[],
    groups: string[],
  ): Promise<{ orgId: number; teamId: number; teamName: string; groupId: string }[]>;
  /** `listener` runs inside the unit of work that deletes a team (to delete what hangs on it) */
  onTeamDeleted(listener: (orgId: number, teamId: number) => Promise<void>): void;
}

export function createTeamsLookup(
  store: TeamsStore,
  groups: Pick<TeamGroupsService, 'syncUser' | 'linksTo'>,
  deletedListeners: ((orgId: number, teamId: number) => Promise<void>)[],
): TeamsLookup {
  return {
    teamExists: (orgId, teamId) => store.exists(orgId, teamId),
    teamsByIds: async (orgId, ids) =>
      new Map((await store.summariesByIds(orgId, [...new Set(ids)])).map((team) => [team.id, team])),
    membersOf: async (orgId, teamId) =>
      (await store.memberPermissions(orgId, teamId)).map((m) => ({
        id: m.id,
        userId: m.user_id,
        permission: m.permission,
      })),
    setMembership: (orgId, teamId, userId, permission, now) =>
      store.setMembership(orgId, teamId, userId, permission, now),
    syncGroupMemberships: (userId, orgIds, groupIds, now) => groups.syncUser(userId, orgIds, groupIds, now),
    async teamsLinkedTo(orgIds, groupIds) {
      const links = await groups.linksTo(orgIds, groupIds);
      const found = [];
      for (const orgId of new Set(links.map((l) => l.org_id))) {
        const inOrg = links.filter((l) => l.org_id === orgId);
        const names = new Map(
          (await store.summariesByIds(orgId, [...new Set(inOrg.map((l) => l.team_id))])).map((t) => [
            t.id,
            t.name,
          ]),
        );
        for (const link of inOrg)
          found.push({
            orgId,
            teamId: link.team_id,
            teamName: names.get(link.team_id) ?? '',
            groupId: link.group_id,
          });
      }
      return found.sort(
        (a, b) =>
          a.orgId - b.orgId || a.teamName.localeCompare(b.teamName) || a.groupId.localeCompare(b.groupId),
      );
    },
    onTeamDeleted: (listener) => void deletedListeners.push(listener),
  };
}
