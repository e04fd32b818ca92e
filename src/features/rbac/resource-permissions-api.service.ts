import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import {
  builtInRoleNotAllowed,
  invalidBuiltInRole,
  invalidPermissionLevel,
  onePrincipalPerEntry,
  resourceNotFound,
  teamNotFound,
  userNotFound,
} from './rbac.errors.js';
import { resourceKind, type Principal, type ResourceKind } from '../../access/resource-levels.js';
import type { ResourcePermissions } from './resource-permissions.service.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import type { UsersLookup } from '../users/users.lookup.js';

interface Assignments {
  users: boolean;
  serviceAccounts: boolean;
  teams: boolean;
  builtInRoles: boolean;
}

/** Who may be given permissions on each kind of resource (Grafana's per-service Assignments). */
const ASSIGNMENTS: Record<string, Assignments> = {
  teams: { users: true, serviceAccounts: true, teams: false, builtInRoles: false },
  serviceaccounts: { users: true, serviceAccounts: false, teams: true, builtInRoles: false },
};
const ALL: Assignments = { users: true, serviceAccounts: true, teams: true, builtInRoles: true };
const BUILT_IN_ROLES = ['Viewer', 'Editor', 'Admin'];

/** Grafana's team permission levels as team membership: Member 0, Admin 4. */
const TEAM_MEMBERSHIP: Record<string, number> = { Member: 0, Admin: 4 };

interface ResourcePermissionView {
  id: number;
  roleName: string;
  isManaged: boolean;
  isInherited: boolean;
  isServiceAccount: boolean;
  userId?: number;
  userUid?: string;
  userLogin?: string;
  userAvatarUrl?: string;
  team?: string;
  teamId?: number;
  teamUid?: string;
  teamAvatarUrl?: string;
  builtInRole?: string;
  actions: string[];
  permission: string;
}

/** One entry of a set-many body: one principal and its level ('' removes it). */
interface PermissionEntry {
  userId?: number;
  teamId?: number;
  builtInRole?: string;
  permission: string;
}

/** What a set-many checked once for all its entries. */
interface SetManyChecks {
  /** the resource's existence check, started by the first entry that needs it */
  resource: Promise<void> | undefined;
  /** the org's teams among those the entries name */
  teams: ReadonlyMap<number, unknown>;
}

/**
 * The generic resource-permission API (/api/access-control/<resource>/<id>…): lists and changes
 * who may View/Edit/Admin one resource, through the managed roles of resource-permissions.service.
 */
export function createResourcePermissionsApi(deps: {
  resourcePermissions: ResourcePermissions;
  /** the orgs and teams features' answers */
  isOrgMember(orgId: number, userId: number): Promise<boolean>;
  teamExists(orgId: number, teamId: number): Promise<boolean>;
  /** the teams feature keeps a user's team permission as its membership (TeamsLookup.setMembership) */
  setTeamMembership: TeamsLookup['setMembership'];
  /** names of the principals a list shows, batched (the users and teams lookups) */
  accountsByIds: UsersLookup['accountsByIds'];
  teamsByIds: TeamsLookup['teamsByIds'];
  teamMembers: TeamsLookup['membersOf'];
  clock: Clock;
}) {
  const { resourcePermissions, clock, setTeamMembership } = deps;

  function kindOf(resource: string): ResourceKind {
    const kind = resourceKind(resource);
    if (!kind) throw resourceNotFound();
    return kind;
  }

  function levelOf(kind: ResourceKind, permission: string): string {
    if (permission !== '' && !kind.levels[permission]) throw invalidPermissionLevel();
    return permission;
  }

  async function resourceMustExist(orgId: number, kind: ResourceKind, id: string): Promise<void> {
    if (!(await resourcePermissions.exists(orgId, kind.resource, id))) throw resourceNotFound();
  }

  async function set(
    identity: Identity,
    resource: string,
    id: string,
    principal: Principal,
    permission: string,
    checks?: SetManyChecks,
  ) {
    const kind = kindOf(resource);
    const level = levelOf(kind, permission);
    if (checks) await (checks.resource ??= resourceMustExist(identity.orgId, kind, id));
    else await resourceMustExist(identity.orgId, kind, id);
    await resourcePermissions.set(identity.orgId, resource, id, principal, level);
    if (kind.resource === 'teams' && principal.kind === 'user') {
      const membership = level === '' ? null : (TEAM_MEMBERSHIP[level] ?? 0);
      await setTeamMembership(identity.orgId, Number(id), principal.id, membership, clock.now());
    }
  }

  return {
    describe(resource: string) {
      const kind = kindOf(resource);
      return { assignments: ASSIGNMENTS[resource] ?? ALL, permissions: Object.keys(kind.levels) };
    },

    async list(identity: Identity, resource: string, id: string): Promise<ResourcePermissionView[]> {
      const kind = kindOf(resource);
      await resourceMustExist(identity.orgId, kind, id);
      const views = await resourcePermissions.list(identity.orgId, resource, id);
      // Team members added through /api/teams hold their membership as their permission.
      if (kind.resource === 'teams') {
        const members = await deps.teamMembers(identity.orgId, Number(id));
        for (const member of members) {
          if (views.some((v) => v.principal.kind === 'user' && v.principal.id === member.userId)) continue;
          const level = member.permission === 4 ? 'Admin' : 'Member';
          views.push({
            principal: { kind: 'user', id: member.userId },
            level,
            actions: kind.levels[level] ?? [],
            id: member.id,
            roleName: `managed:users:${member.userId}:permissions`,
          });
        }
      }
      const users = await deps.accountsByIds(
        views.flatMap((v) => (v.principal.kind === 'user' ? [v.principal.id] : [])),
      );
      const teams = await deps.teamsByIds(
        identity.orgId,
        views.flatMap((v) => (v.principal.kind === 'team' ? [v.principal.id] : [])),
      );
      return views.flatMap((view): ResourcePermissionView[] => {
        const base = {
          id: view.id,
          roleName: view.roleName,
          isManaged: true,
          isInherited: false,
          isServiceAccount: false,
          actions: view.actions,
          permission: view.level,
        };
        const { principal } = view;
        if (principal.kind === 'user') {
          const user = users.get(principal.id);
          if (!user) return [];
          return [
            {
              ...base,
              isServiceAccount: user.isServiceAccount,
              userId: user.id,
              userUid: user.uid,
              userLogin: user.login,
              userAvatarUrl: avatarUrl(user.email),
            },
          ];
        }
        if (principal.kind === 'team') {
          const team = teams.get(principal.id);
          if (!team) return [];
          return [
            {
              ...base,
              team: team.name,
              teamId: team.id,
              teamUid: team.uid,
              teamAvatarUrl: avatarUrl(team.email || `${team.name.replace(/[^a-zA-Z0-9]+/g, '')}@localhost`),
            },
          ];
        }
        return [{ ...base, builtInRole: principal.role }];
      });
    },

    async setUser(
      identity: Identity,
      resource: string,
      id: string,
      userId: number,
      permission: string,
      checks?: SetManyChecks,
    ) {
      const assignments = ASSIGNMENTS[resource] ?? ALL;
      if (!assignments.users) throw invalidPermissionLevel();
      if (!(await deps.isOrgMember(identity.orgId, userId))) throw userNotFound();
      await set(identity, resource, id, { kind: 'user', id: userId }, permission, checks);
    },

    async setTeam(
      identity: Identity,
      resource: string,
      id: string,
      teamId: number,
      permission: string,
      checks?: SetManyChecks,
    ) {
      if (!(ASSIGNMENTS[resource] ?? ALL).teams)
        throw invalidPermissionLevel('teams cannot be given this permission');
      const exists = checks ? checks.teams.has(teamId) : await deps.teamExists(identity.orgId, teamId);
      if (!exists) throw teamNotFound();
      await set(identity, resource, id, { kind: 'team', id: teamId }, permission, checks);
    },

    /**
     * Grafana's set-many (`POST /api/access-control/<resource>/<id>`): each entry sets one
     * principal's permission, as the single endpoints do, all in one unit of work; principals not
     * named keep theirs.
     */
    async setMany(identity: Identity, resource: string, id: string, entries: PermissionEntry[]) {
      entries.forEach((entry, i) => {
        const named = [entry.userId, entry.teamId, entry.builtInRole].filter((v) => v !== undefined);
        if (named.length !== 1) throw onePrincipalPerEntry(i);
      });
      await resourcePermissions.inUnit(async () => {
        // Checked once for all entries (the resource when an entry first needs it, every team
        // named in one query), in the order and with the answers of one entry at a time.
        const teamIds = entries.flatMap((entry) => (entry.teamId === undefined ? [] : [entry.teamId]));
        const checks: SetManyChecks = {
          resource: undefined,
          teams: teamIds.length ? await deps.teamsByIds(identity.orgId, teamIds) : new Map(),
        };
        for (const { userId, teamId, builtInRole, permission } of entries) {
          if (userId !== undefined) await this.setUser(identity, resource, id, userId, permission, checks);
          else if (teamId !== undefined)
            await this.setTeam(identity, resource, id, teamId, permission, checks);
          else await this.setBuiltInRole(identity, resource, id, builtInRole!, permission, checks);
        }
      });
    },

    async setBuiltInRole(
      identity: Identity,
      resource: string,
      id: string,
      role: string,
      permission: string,
      checks?: SetManyChecks,
    ) {
      kindOf(resource);
      if (!(ASSIGNMENTS[resource] ?? ALL).builtInRoles) throw builtInRoleNotAllowed();
      if (!BUILT_IN_ROLES.includes(role))
        throw invalidBuiltInRole('invalid built-in role: use one of Viewer, Editor, Admin');
      await set(identity, resource, id, { kind: 'builtin', role }, permission, checks);
    },
  };
}

export type ResourcePermissionsApi = ReturnType<typeof createResourcePermissionsApi>;
