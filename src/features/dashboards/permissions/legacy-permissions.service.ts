import { LEGACY_LEVELS, type Principal } from '../../../access/resource-levels.js';
import type { ResourcePermission, ResourcePermissions } from '../../rbac/resource-permissions.service.js';
import {
  invalidPermissionItem as invalidItem,
  permissionTeamNotFound as unknownTeam,
  permissionUserNotFound as unknownUser,
} from '../dashboards.errors.js';
import type { OrgsLookup } from '../../orgs/orgs.lookup.js';
import type { TeamsLookup } from '../../teams/teams.lookup.js';
import type { UsersLookup } from '../../users/users.lookup.js';

export interface PermissionTarget {
  resource: 'dashboards' | 'folders';
  uid: string;
  id: number;
  title: string;
  url: string;
  slug: string;
}

interface LegacyItem {
  userId?: number;
  teamId?: number;
  role?: string;
  permission: number;
}

const LEVEL_BY_NUMBER = new Map(Object.entries(LEGACY_LEVELS).map(([level, n]) => [n, level]));
const key = (p: Principal) => (p.kind === 'builtin' ? `builtin:${p.role}` : `${p.kind}:${p.id}`);

/**
 * Grafana's legacy dashboard and folder permission API (numeric levels 1/2/4) over the RBAC
 * resource permissions.
 */
export function createLegacyPermissions(deps: {
  resourcePermissions: ResourcePermissions;
  /** who the principals are (batched: one query per list), through their owners' lookups */
  users: Pick<UsersLookup, 'accountsByIds'>;
  teams: Pick<TeamsLookup, 'teamsByIds'>;
  orgs: Pick<OrgsLookup, 'isOrgMember'>;
}) {
  const { resourcePermissions, users: usersLookup, teams: teamsLookup, orgs } = deps;

  async function present(
    orgId: number,
    target: PermissionTarget,
    grants: ResourcePermission[],
    inherited: boolean,
  ) {
    const withLevel = grants.filter((g) => LEGACY_LEVELS[g.level] !== undefined);
    const userIds = withLevel.flatMap((g) => (g.principal.kind === 'user' ? [g.principal.id] : []));
    const teamIds = withLevel.flatMap((g) => (g.principal.kind === 'team' ? [g.principal.id] : []));
    const [users, teams] = await Promise.all([
      usersLookup.accountsByIds(userIds),
      teamsLookup.teamsByIds(orgId, teamIds),
    ]);
    return withLevel.map((g) => {
      const p = g.principal;
      const user = p.kind === 'user' ? users.get(p.id) : undefined;
      const team = p.kind === 'team' ? teams.get(p.id) : undefined;
      return {
        dashboardId: target.id,
        ...(target.resource === 'folders' ? { folderId: target.id, folderUid: target.uid } : {}),
        userId: p.kind === 'user' ? p.id : 0,
        userLogin: user?.login ?? '',
        userEmail: user?.email ?? '',
        teamId: p.kind === 'team' ? p.id : 0,
        team: team?.name ?? '',
        teamEmail: team?.email ?? '',
        ...(p.kind === 'builtin' ? { role: p.role } : {}),
        permission: LEGACY_LEVELS[g.level]!,
        permissionName: g.level,
        uid: target.uid,
        title: target.title,
        slug: target.slug,
        isFolder: target.resource === 'folders',
        url: target.url,
        inherited,
      };
    });
  }

  return {
    /** The resource's own grants, then those it inherits from `inheritedFrom` folders. */
    async list(orgId: number, target: PermissionTarget, inheritedFrom: PermissionTarget[]) {
      const own = await present(
        orgId,
        target,
        await resourcePermissions.list(orgId, target.resource, target.uid),
        false,
      );
      const inherited = [];
      for (const folder of inheritedFrom) {
        inherited.push(
          ...(await present(
            orgId,
            folder,
            await resourcePermissions.list(orgId, 'folders', folder.uid),
            true,
          )),
        );
      }
      return [...own, ...inherited];
    },

    /** Replaces the resource's grants with `items`. */
    async replace(orgId: number, target: PermissionTarget, items: LegacyItem[]): Promise<void> {
      const wanted = new Map<string, { principal: Principal; level: string }>();
      for (const item of items) {
        const level = LEVEL_BY_NUMBER.get(item.permission);
        const given = [item.userId, item.teamId, item.role].filter(
          (v) => v !== undefined && v !== 0 && v !== '',
        );
        if (!level || given.length !== 1) throw invalidItem();
        let principal: Principal;
        if (item.userId) {
          if (!(await orgs.isOrgMember(orgId, item.userId))) throw unknownUser();
          principal = { kind: 'user', id: item.userId };
        } else if (item.teamId) {
          if (!(await teamsLookup.teamsByIds(orgId, [item.teamId])).size) throw unknownTeam();
          principal = { kind: 'team', id: item.teamId };
        } else {
          if (!['Viewer', 'Editor', 'Admin'].includes(item.role ?? '')) throw invalidItem();
          principal = { kind: 'builtin', role: item.role! };
        }
        wanted.set(key(principal), { principal, level });
      }
      const current = await resourcePermissions.list(orgId, target.resource, target.uid);
      for (const grant of current) {
        if (!wanted.has(key(grant.principal))) {
          await resourcePermissions.set(orgId, target.resource, target.uid, grant.principal, '');
        }
      }
      for (const { principal, level } of wanted.values()) {
        await resourcePermissions.set(orgId, target.resource, target.uid, principal, level);
      }
    },
  };
}

export type LegacyPermissions = ReturnType<typeof createLegacyPermissions>;
