import { sql } from 'kysely';
import type { Db } from '../../store/database.js';
import { paddedInList } from '../../store/in-list.js';
import { insertUnlessDuplicate } from '../../store/insert.js';
import type { Permission } from '../../access/evaluator.js';
import type { Principal } from '../../access/resource-levels.js';
import { inTransaction } from '../../store/transaction.js';

interface ScopedGrant {
  principal: Principal;
  /** the managed role that holds the grant */
  roleName: string;
  /** id of the grant's first permission row */
  id: number;
  actions: string[];
}

/** scopes per statement: parameter lists are bounded */
const SCOPES_PER_QUERY = 500;
const TEAMS_PER_QUERY = 1_000;

/**
 * Managed grants on single resources of this kind are not part of anybody's cached permission set:
 * they grow with the data (a dashboard each), so checks read them per resource (`grantsOnScope`,
 * cached per resource) and lists per caller in SQL (`indexedGrantsOf`). Roles, wildcards, folder
 * grants and custom roles stay in the cached set: they do not grow with the dashboards.
 */
export const INDEXED_PREFIX = 'dashboards:uid:';

/** A permission row `p` (joined with its role `r`) that is not one of the indexed managed grants. */
const notIndexed = sql<boolean>`NOT (r.name LIKE 'managed:%' AND p.scope LIKE ${`${INDEXED_PREFIX}%`})`;

/** SQL for roles, permissions and assignments (tables role, permission, builtin_role, user_role, team_role). */
/** The managed role holding a principal's resource permissions, e.g. `managed:users:7:permissions`. */
export function managedRoleName(principal: Principal): string {
  if (principal.kind === 'builtin')
    return `managed:builtins:${principal.role.toLowerCase().replace(/ /g, '_')}:permissions`;
  return `managed:${principal.kind}s:${principal.id}:permissions`;
}

export function createRbacStore(db: Db) {
  async function roleIdByName(trx: Db, orgId: number, name: string): Promise<number | undefined> {
    const row = await trx
      .selectFrom('role')
      .select('id')
      .where('org_id', '=', orgId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * The org's managed role of a principal, created (and assigned) on first use. Two first uses
   * at once both insert; the one that loses the race takes the winner's role, which the winner
   * assigns in the same transaction.
   */
  async function managedRoleId(trx: Db, orgId: number, principal: Principal, now: number): Promise<number> {
    const name = managedRoleName(principal);
    const existing = await roleIdByName(trx, orgId, name);
    if (existing !== undefined) return existing;
    const created = await insertUnlessDuplicate(
      trx,
      trx.insertInto('role').values({
        org_id: orgId,
        uid: `managed_${orgId}_${name.split(':').slice(1, 3).join('_')}`.slice(0, 64),
        name,
        display_name: '',
        description: '',
        group_name: '',
        hidden: 1,
        version: 1,
        created: now,
        updated: now,
      }),
    );
    const roleId = await roleIdByName(trx, orgId, name);
    if (roleId === undefined) throw new Error(`managed role ${name} vanished while it was created`);
    if (!created) return roleId;
    if (principal.kind === 'user') {
      await trx
        .insertInto('user_role')
        .values({ org_id: orgId, user_id: principal.id, role_id: roleId, created: now })
        .execute();
    } else if (principal.kind === 'team') {
      await trx
        .insertInto('team_role')
        .values({ org_id: orgId, team_id: principal.id, role_id: roleId, created: now })
        .execute();
    } else {
      await trx
        .insertInto('builtin_role')
        .values({ org_id: orgId, role: principal.role, role_id: roleId, created: now })
        .execute();
    }
    return roleId;
  }

  /** Who holds what on each of `scopes` (none: an empty list), a batch of scopes per query. */
  async function grantsOnScopes(orgId: number, scopes: string[]): Promise<Map<string, ScopedGrant[]>> {
    const byScope = new Map<string, Map<string, { id: number; actions: string[] }>>(
      scopes.map((scope) => [scope, new Map()]),
    );
    for (let i = 0; i < scopes.length; i += SCOPES_PER_QUERY) {
      const rows = await db
        .selectFrom('permission as p')
        .innerJoin('role as r', 'r.id', 'p.role_id')
        .select(['p.scope', 'r.name', 'p.action', 'p.id'])
        .where('r.org_id', '=', orgId)
        .where('r.name', 'like', 'managed:%')
        .where('p.scope', 'in', scopes.slice(i, i + SCOPES_PER_QUERY))
        .orderBy('p.id')
        .execute();
      for (const row of rows) {
        // MySQL compares without case: a grant on another case of the uid is not on this scope
        const byRole = byScope.get(row.scope);
        if (!byRole) continue;
        const grant = byRole.get(row.name) ?? { id: row.id, actions: [] };
        grant.actions.push(row.action);
        byRole.set(row.name, grant);
      }
    }
    const grants = new Map<string, ScopedGrant[]>();
    for (const [scope, byRole] of byScope)
      grants.set(
        scope,
        [...byRole].map(([name, grant]) => ({
          principal: principalOf(name),
          roleName: name,
          id: grant.id,
          actions: grant.actions,
        })),
      );
    return grants;
  }

  return {
    /** Runs `work` as one unit of work: every store it calls joins the transaction. */
    inUnit<T>(work: () => Promise<T>): Promise<T> {
      return inTransaction(db, () => work());
    },

    /** Replaces what a principal's managed role grants on `scope` with `actions` (none: removes it). */
    setScopeActions(
      orgId: number,
      principal: Principal,
      scope: string,
      actions: string[],
      now: number,
    ): Promise<void> {
      return inTransaction(db, async (trx) => {
        const roleId = await managedRoleId(trx, orgId, principal, now);
        await trx.deleteFrom('permission').where('role_id', '=', roleId).where('scope', '=', scope).execute();
        if (actions.length) {
          await trx
            .insertInto('permission')
            .values(actions.map((action) => ({ role_id: roleId, action, scope, created: now, updated: now })))
            .execute();
        }
      });
    },

    /** Who holds what on one scope, through managed roles of the org. */
    async grantsOnScope(orgId: number, scope: string): Promise<ScopedGrant[]> {
      return (await grantsOnScopes(orgId, [scope])).get(scope)!;
    },

    grantsOnScopes,

    /** Forgets every managed grant on `scopes` in the org (in batches: parameter lists are bounded). */
    async deleteScopes(orgId: number, scopes: string[]): Promise<void> {
      const roleIds = db
        .selectFrom('role')
        .select('id')
        .where('org_id', '=', orgId)
        .where('name', 'like', 'managed:%');
      for (let i = 0; i < scopes.length; i += SCOPES_PER_QUERY) {
        const batch = scopes.slice(i, i + SCOPES_PER_QUERY);
        // Most resources have no stored grant: no DELETE then, so no cached permission is dropped.
        const any = await db
          .selectFrom('permission')
          .select('id')
          .where('scope', 'in', batch)
          .where('role_id', 'in', roleIds)
          .limit(1)
          .executeTakeFirst();
        if (!any) continue;
        await db
          .deleteFrom('permission')
          .where('scope', 'in', batch)
          .where('role_id', 'in', roleIds)
          .execute();
      }
    },

    /**
     * Stored permissions of basic roles (their `builtin_role` assignments) in `orgId` and globally,
     * without their managed grants on single indexed resources (see `indexedGrantsOf`).
     */
    basicRolePermissions(orgId: number, basicRoles: string[]): Promise<Permission[]> {
      return db
        .selectFrom('permission as p')
        .innerJoin('builtin_role as b', 'b.role_id', 'p.role_id')
        .innerJoin('role as r', 'r.id', 'p.role_id')
        .select(['p.action', 'p.scope'])
        .where('b.org_id', 'in', [orgId, 0])
        .where('b.role', 'in', basicRoles.length ? basicRoles : ['-'])
        .where(notIndexed)
        .execute();
    },

    /** Permissions of the roles assigned to the user itself, in `orgId` and globally (not indexed ones). */
    userPermissions(userId: number, orgId: number): Promise<Permission[]> {
      return db
        .selectFrom('permission as p')
        .innerJoin('user_role as u', 'u.role_id', 'p.role_id')
        .innerJoin('role as r', 'r.id', 'p.role_id')
        .select(['p.action', 'p.scope'])
        .where('u.org_id', 'in', [orgId, 0])
        .where('u.user_id', '=', userId)
        .where(notIndexed)
        .execute();
    },

    /**
     * Permissions of the roles assigned to each of `teamIds` (not indexed ones), by team: one
     * query per thousand teams, not one per team, its list padded (a few SQL texts for any count).
     */
    async teamPermissions(teamIds: number[], orgId: number): Promise<Map<number, Permission[]>> {
      const byTeam = new Map<number, Permission[]>(teamIds.map((id) => [id, []]));
      for (let i = 0; i < teamIds.length; i += TEAMS_PER_QUERY) {
        const rows = await db
          .selectFrom('permission as p')
          .innerJoin('team_role as t', 't.role_id', 'p.role_id')
          .innerJoin('role as r', 'r.id', 'p.role_id')
          .select(['t.team_id', 'p.action', 'p.scope'])
          .where('t.org_id', '=', orgId)
          .where('t.team_id', 'in', paddedInList(teamIds.slice(i, i + TEAMS_PER_QUERY)))
          .where(notIndexed)
          .execute();
        for (const { team_id, action, scope } of rows) byTeam.get(team_id)?.push({ action, scope });
      }
      return byTeam;
    },

    /**
     * The managed grants of `principals` on single indexed resources (`dashboards:uid:<uid>`),
     * optionally of one action and among some scopes: what lists and searches filter by, in SQL,
     * instead of holding one entry per dashboard in every caller's cached permissions.
     */
    indexedGrantsOf(
      orgId: number,
      principals: Principal[],
      action?: string,
      scopes?: string[],
    ): Promise<Permission[]> {
      let query = db
        .selectFrom('permission as p')
        .innerJoin('role as r', 'r.id', 'p.role_id')
        .select(['p.action', 'p.scope'])
        .where('r.org_id', '=', orgId)
        .where('r.name', 'in', principals.map(managedRoleName))
        .where('p.scope', 'like', `${INDEXED_PREFIX}%`);
      if (action !== undefined) query = query.where('p.action', '=', action);
      if (scopes !== undefined) query = query.where('p.scope', 'in', scopes.length ? scopes : ['-']);
      return query.execute();
    },

    /** Whether any managed grant in `orgId` is on a single indexed resource (a dashboard of its own). */
    async hasIndexedGrants(orgId: number): Promise<boolean> {
      const row = await db
        .selectFrom('permission as p')
        .innerJoin('role as r', 'r.id', 'p.role_id')
        .select('p.id')
        .where('r.org_id', '=', orgId)
        .where('r.name', 'like', 'managed:%')
        .where('p.scope', 'like', `${INDEXED_PREFIX}%`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async teamIdsOf(userId: number, orgId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('team_member')
        .select('team_id')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .orderBy('team_id')
        .execute();
      return rows.map((r) => r.team_id);
    },
  };
}

export type RbacStore = ReturnType<typeof createRbacStore>;

function principalOf(roleName: string): Principal {
  const [, kind = '', id = ''] = roleName.split(':');
  if (kind === 'users') return { kind: 'user', id: Number(id) };
  if (kind === 'teams') return { kind: 'team', id: Number(id) };
  const role = id.replace(/_/g, ' ');
  return {
    kind: 'builtin',
    role: role === 'grafana admin' ? 'Grafana Admin' : role.charAt(0).toUpperCase() + role.slice(1),
  };
}
