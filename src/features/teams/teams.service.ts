import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import type { ResourcePermissions } from '../rbac/resource-permissions.service.js';
import type { UsersLookup } from '../users/users.lookup.js';
import type { Authorizer } from '../../access/authorizer.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid } from '../../lib/uid.js';
import { can } from '../../access/evaluator.js';
import {
  alreadyTeamMember,
  teamMemberNotFound,
  teamNameTaken,
  teamNotFound,
  userNotFound,
} from './teams.errors.js';
import type { TeamSort } from './teams.schema.js';
import type { TeamMemberRow, TeamsStore, TeamWithCount } from './teams.store.js';
import { isUniqueViolation } from '../../store/unique-violation.js';

/** Grafana's team permission levels as stored on team_member. */
const TEAM_MEMBER = 0;
const TEAM_ADMIN = 4;

export type TeamMemberView = TeamMemberRow & { auth_module: string };

/** A team with the caller's own permission in it (0 when not a member). */
export type TeamView = TeamWithCount & { caller_permission: number };

interface TeamSearch {
  query?: string;
  name?: string;
  perPage: number;
  page: number;
  sort: TeamSort;
}

export function createTeamsService(deps: {
  store: TeamsStore;
  orgs: Pick<OrgsLookup, 'isOrgMember'>;
  users: Pick<UsersLookup, 'resolveUserId' | 'latestAuthModulesOf'>;
  /** told inside the deleting unit of work (preferences delete the team's) */
  onDeleted: (orgId: number, teamId: number) => Promise<void>;
  clock: Clock;
  authorizer: Authorizer;
  resourcePermissions: ResourcePermissions;
}) {
  const { store, clock, authorizer } = deps;

  async function withCallerPermission(identity: Identity, teams: TeamWithCount[]): Promise<TeamView[]> {
    const memberships = await store.membershipsOf(
      identity.orgId,
      identity.userId,
      teams.map((t) => t.id),
    );
    return teams.map((t) => ({ ...t, caller_permission: memberships.get(t.id) ?? TEAM_MEMBER }));
  }

  /**
   * Grafana's team permissions follow membership: members hold Member (teams:read) on their team,
   * its creator Admin; '' removes them.
   */
  function grant(orgId: number, teamId: number, userId: number, level: 'Admin' | 'Member' | '') {
    return deps.resourcePermissions.set(orgId, 'teams', String(teamId), { kind: 'user', id: userId }, level);
  }

  async function requireTeam(orgId: number, teamId: number): Promise<TeamWithCount> {
    const team = await store.findById(orgId, teamId);
    if (!team) throw teamNotFound();
    return team;
  }

  /** Team ids the caller may read, or null when it may read them all (so SQL can page). */
  async function readableIds(identity: Identity, candidates: () => Promise<number[]>) {
    if (await authorizer.can(identity, can('teams:read', 'teams:*'))) return null;
    return authorizer.filter(identity, await candidates(), (id) => can('teams:read', `teams:id:${id}`));
  }

  return {
    /** Creates a team; a user who creates it becomes its admin member. */
    async create(identity: Identity, input: { name: string; email: string }) {
      const now = clock.now();
      const uid = generateUid();
      const teamId = await store
        .transaction(async (trx) => {
          if (await trx.nameTaken(identity.orgId, input.name)) throw teamNameTaken();
          const id = await trx.insert({
            uid,
            org_id: identity.orgId,
            name: input.name,
            email: input.email,
            created: now,
            updated: now,
          });
          // Grafana compat: API keys and service accounts create teams without becoming members.
          if (identity.kind === 'user') {
            await trx.addMember({
              orgId: identity.orgId,
              teamId: id,
              userId: identity.userId,
              permission: TEAM_ADMIN,
              now,
            });
            await grant(identity.orgId, id, identity.userId, 'Admin');
          }
          return id;
        })
        .catch(rethrowNameTaken);
      return { teamId, uid };
    },

    async get(identity: Identity, teamId: number): Promise<TeamView> {
      const team = await requireTeam(identity.orgId, teamId);
      const [view] = await withCallerPermission(identity, [team]);
      return view!;
    },

    async search(identity: Identity, search: TeamSearch) {
      const filter = { query: search.query, name: search.name };
      const ids = await readableIds(identity, () => store.matchingIds(identity.orgId, filter));
      const { total, rows } = await store.search(
        identity.orgId,
        { ...filter, ids },
        { limit: search.perPage, offset: (search.page - 1) * search.perPage, sort: search.sort },
      );
      return { total, teams: await withCallerPermission(identity, rows) };
    },

    async update(identity: Identity, teamId: number, input: { name: string; email: string }) {
      await store
        .transaction(async (trx) => {
          if (!(await trx.findById(identity.orgId, teamId))) throw teamNotFound();
          if (await trx.nameTaken(identity.orgId, input.name, teamId)) throw teamNameTaken();
          await trx.update(identity.orgId, teamId, { ...input, updated: clock.now() });
        })
        .catch(rethrowNameTaken);
    },

    async delete(identity: Identity, teamId: number): Promise<void> {
      await store.transaction(async (trx) => {
        if (!(await trx.delete(identity.orgId, teamId))) throw teamNotFound();
        await deps.onDeleted(identity.orgId, teamId);
        await deps.resourcePermissions.deleteResource(identity.orgId, 'teams', String(teamId));
      });
    },

    /** The team's members, each with the auth module its user signed in with last ('' local). */
    async members(identity: Identity, teamId: number): Promise<TeamMemberView[]> {
      await requireTeam(identity.orgId, teamId);
      const members = await store.members(identity.orgId, teamId);
      const modules = await deps.users.latestAuthModulesOf(members.map((m) => m.user_id));
      return members.map((m) => ({ ...m, auth_module: modules.get(m.user_id) ?? '' }));
    },

    async addMember(identity: Identity, teamId: number, userId: number): Promise<void> {
      await store
        .transaction(async (trx) => {
          if (!(await trx.findById(identity.orgId, teamId))) throw teamNotFound();
          if (!(await deps.orgs.isOrgMember(identity.orgId, userId))) throw userNotFound();
          if (await trx.isMember(identity.orgId, teamId, userId)) throw alreadyTeamMember();
          await trx.addMember({
            orgId: identity.orgId,
            teamId,
            userId,
            permission: TEAM_MEMBER,
            now: clock.now(),
          });
        })
        .catch((err: unknown) => {
          // Two concurrent adds of the same user: the unique index decides.
          throw isUniqueViolation(err) ? alreadyTeamMember() : err;
        });
      await grant(identity.orgId, teamId, userId, 'Member');
    },

    async removeMember(identity: Identity, teamId: number, userId: number): Promise<void> {
      await requireTeam(identity.orgId, teamId);
      if (!(await store.removeMember(identity.orgId, teamId, userId))) throw teamMemberNotFound();
      await grant(identity.orgId, teamId, userId, '');
    },

    /** The caller's own teams in the org it acts in. */
    async teamsOfCaller(identity: Identity): Promise<TeamView[]> {
      return withCallerPermission(identity, await store.teamsOfUser(identity.orgId, identity.userId));
    },

    /** Another user's teams, in the caller's org. */
    async teamsOfUser(identity: Identity, userIdOrUid: string): Promise<TeamView[]> {
      const userId = await deps.users.resolveUserId(userIdOrUid);
      if (userId === undefined) throw userNotFound();
      return withCallerPermission(identity, await store.teamsOfUser(identity.orgId, userId));
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;

function rethrowNameTaken(err: unknown): never {
  throw isUniqueViolation(err) ? teamNameTaken() : err;
}
