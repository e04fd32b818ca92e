import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { ResourcePermissions } from '../rbac/resource-permissions.service.js';
import { teamGroupNotFound, teamGroupTaken, teamNotFound } from './teams.errors.js';
import type { TeamGroupRow, TeamGroupsStore } from './team-groups.store.js';
import type { TeamsStore } from './teams.store.js';

/**
 * Team sync (issue #22, Grafana's team sync): teams linked to external groups, and the sign-in
 * step that puts a user in the linked teams of its groups and takes it out of those of the groups
 * it left. Only memberships the sync made are removed; teams without links, and members added by
 * hand, are never touched.
 */
export function createTeamGroupsService(deps: {
  store: TeamGroupsStore;
  teams: Pick<TeamsStore, 'exists'>;
  clock: Clock;
  resourcePermissions: ResourcePermissions;
}) {
  const { store, clock } = deps;

  async function requireTeam(orgId: number, teamId: number): Promise<void> {
    if (!(await deps.teams.exists(orgId, teamId))) throw teamNotFound();
  }

  /**
   * As POST/DELETE /api/teams/:id/members: a member holds Member on its team (teams:read), a
   * stored grant whose write also invalidates the cached permissions of the user.
   */
  function grant(orgId: number, teamId: number, userId: number, level: 'Member' | '') {
    return deps.resourcePermissions.set(orgId, 'teams', String(teamId), { kind: 'user', id: userId }, level);
  }

  return {
    async list(identity: Identity, teamId: number): Promise<TeamGroupRow[]> {
      await requireTeam(identity.orgId, teamId);
      return store.groupsOf(identity.orgId, teamId);
    },

    async add(identity: Identity, teamId: number, groupId: string): Promise<void> {
      await requireTeam(identity.orgId, teamId);
      if (!(await store.add(identity.orgId, teamId, groupId, clock.now()))) throw teamGroupTaken();
    },

    async remove(identity: Identity, teamId: number, groupId: string): Promise<void> {
      await requireTeam(identity.orgId, teamId);
      if (!(await store.remove(identity.orgId, teamId, groupId))) throw teamGroupNotFound();
    },

    /**
     * The links in `orgIds` to one of `groups` (matched case-insensitively): the teams team sync
     * would put a user with these groups in (the LDAP admin lookup shows them).
     */
    async linksTo(orgIds: number[], groups: string[]): Promise<TeamGroupRow[]> {
      const held = new Set(groups.map((g) => g.toLowerCase()));
      return (await store.linksIn(orgIds)).filter((link) => held.has(link.group_id.toLowerCase()));
    },

    /**
     * At an external sign-in that reported `groups`, inside its unit of work: in each of `orgIds`
     * (the orgs the user is a member of), the user joins every team linked to one of its groups
     * and leaves the linked teams it joined through a group it no longer has. Group ids match
     * case-insensitively (LDAP DNs come back in the directory's casing).
     */
    async syncUser(userId: number, orgIds: number[], groups: string[], now: number): Promise<void> {
      const links = await store.linksIn(orgIds);
      if (links.length === 0) return;
      const held = new Set(groups.map((g) => g.toLowerCase()));
      const linked = new Map<number, number>();
      const wanted = new Set<number>();
      for (const link of links) {
        linked.set(link.team_id, link.org_id);
        if (held.has(link.group_id.toLowerCase())) wanted.add(link.team_id);
      }
      const memberships = await store.membershipsAmong(userId, orgIds, [...linked.keys()]);
      const current = new Set(memberships.map((m) => m.team_id));
      for (const teamId of wanted) {
        if (current.has(teamId)) continue;
        const orgId = linked.get(teamId)!;
        if (await store.addSyncedMember(orgId, teamId, userId, now))
          await grant(orgId, teamId, userId, 'Member');
      }
      for (const m of memberships) {
        if (m.external !== 1 || wanted.has(m.team_id)) continue;
        if (await store.removeSyncedMember(m.org_id, m.team_id, userId))
          await grant(m.org_id, m.team_id, userId, '');
      }
    },
  };
}

export type TeamGroupsService = ReturnType<typeof createTeamGroupsService>;
