import type { Db } from '../../store/database.js';
import { insertReturningId } from '../../store/insert.js';
import type { Permission } from '../../access/evaluator.js';
import type { RoleRecord } from './role-definitions.js';
import { inTransaction } from '../../store/transaction.js';

export type Assignee =
  { kind: 'user'; id: number } | { kind: 'team'; id: number } | { kind: 'builtin'; role: string };

interface RoleInput {
  orgId: number;
  uid: string;
  name: string;
  displayName: string;
  description: string;
  group: string;
  hidden: boolean;
  version: number;
  permissions: Permission[];
}

const ROLE_COLUMNS = [
  'id',
  'org_id',
  'uid',
  'name',
  'display_name',
  'description',
  'group_name',
  'hidden',
  'version',
  'created',
  'updated',
] as const;

/** Roles that the role API shows and manages: neither managed (resource permissions) nor copies of fixed roles. */
const notListed = ['managed:%', 'fixed:%', 'basic:%'];

/**
 * SQL for custom (and assigned fixed) roles and their assignments to users, teams and basic roles.
 * Rows of org 0 are global.
 */
export function createRolesStore(db: Db) {
  async function withPermissions(
    trx: Db,
    rows: {
      id: number;
      org_id: number;
      uid: string;
      name: string;
      display_name: string;
      description: string;
      group_name: string;
      hidden: number;
      version: number;
      created: number;
      updated: number;
    }[],
    includePermissions: boolean,
  ): Promise<RoleRecord[]> {
    const byRole = new Map<number, Permission[]>();
    if (includePermissions && rows.length) {
      const permissions = await trx
        .selectFrom('permission')
        .select(['role_id', 'action', 'scope'])
        .where(
          'role_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute();
      for (const p of permissions) {
        byRole.set(p.role_id, [...(byRole.get(p.role_id) ?? []), { action: p.action, scope: p.scope }]);
      }
    }
    return rows.map((r) => ({
      id: r.id,
      orgId: r.org_id,
      uid: r.uid,
      name: r.name,
      displayName: r.display_name,
      description: r.description,
      group: r.group_name,
      hidden: r.hidden === 1,
      version: r.version,
      created: Number(r.created),
      updated: Number(r.updated),
      permissions: byRole.get(r.id) ?? [],
    }));
  }

  return {
    /** Custom roles of the org and global ones. */
    async list(orgId: number, includePermissions: boolean): Promise<RoleRecord[]> {
      let query = db.selectFrom('role').select(ROLE_COLUMNS).where('org_id', 'in', [orgId, 0]);
      for (const pattern of notListed) query = query.where('name', 'not like', pattern);
      return withPermissions(db, await query.orderBy('name').execute(), includePermissions);
    },

    async findByUid(orgId: number, uid: string): Promise<RoleRecord | undefined> {
      const row = await db
        .selectFrom('role')
        .select(ROLE_COLUMNS)
        .where('org_id', 'in', [orgId, 0])
        .where('uid', '=', uid)
        .where('name', 'not like', 'managed:%')
        .executeTakeFirst();
      return row ? (await withPermissions(db, [row], true))[0] : undefined;
    },

    async exists(orgId: number, uid: string, name: string): Promise<boolean> {
      const row = await db
        .selectFrom('role')
        .select('id')
        .where((eb) =>
          eb.or([eb('uid', '=', uid), eb.and([eb('org_id', '=', orgId), eb('name', '=', name)])]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    async nameTakenByOther(orgId: number, name: string, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('role')
        .select('id')
        .where('org_id', '=', orgId)
        .where('name', '=', name)
        .where('id', '!=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    create(input: RoleInput, now: number): Promise<number> {
      return inTransaction(db, async (trx) => {
        const id = await insertReturningId(
          trx,
          trx.insertInto('role').values({
            org_id: input.orgId,
            uid: input.uid,
            name: input.name,
            display_name: input.displayName,
            description: input.description,
            group_name: input.group,
            hidden: input.hidden ? 1 : 0,
            version: input.version,
            created: now,
            updated: now,
          }),
        );
        await insertPermissions(trx, id, input.permissions, now);
        return id;
      });
    },

    /** Replaces a role's fields and permissions; false when its version moved meanwhile. */
    update(
      id: number,
      expectedVersion: number,
      input: Omit<RoleInput, 'orgId' | 'uid'>,
      now: number,
    ): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('role')
          .set({
            name: input.name,
            display_name: input.displayName,
            description: input.description,
            group_name: input.group,
            hidden: input.hidden ? 1 : 0,
            version: input.version,
            updated: now,
          })
          .where('id', '=', id)
          .where('version', '=', expectedVersion)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('permission').where('role_id', '=', id).execute();
        await insertPermissions(trx, id, input.permissions, now);
        return true;
      });
    },

    async isAssigned(roleId: number): Promise<boolean> {
      const [users, teams, builtins] = await Promise.all([
        db.selectFrom('user_role').select('id').where('role_id', '=', roleId).executeTakeFirst(),
        db.selectFrom('team_role').select('id').where('role_id', '=', roleId).executeTakeFirst(),
        db.selectFrom('builtin_role').select('id').where('role_id', '=', roleId).executeTakeFirst(),
      ]);
      return users !== undefined || teams !== undefined || builtins !== undefined;
    },

    /** Deletes a role with its permissions and assignments. */
    delete(roleId: number): Promise<void> {
      return inTransaction(db, async (trx) => {
        await trx.deleteFrom('user_role').where('role_id', '=', roleId).execute();
        await trx.deleteFrom('team_role').where('role_id', '=', roleId).execute();
        await trx.deleteFrom('builtin_role').where('role_id', '=', roleId).execute();
        await trx.deleteFrom('permission').where('role_id', '=', roleId).execute();
        await trx.deleteFrom('role').where('id', '=', roleId).execute();
      });
    },

    /**
     * The stored copy of a role defined in code (a fixed role), so it can be assigned like any
     * other: created on first use, its permissions kept equal to the code's.
     */
    ensureCopy(record: RoleRecord, now: number): Promise<number> {
      return inTransaction(db, async (trx) => {
        const existing = await trx
          .selectFrom('role')
          .select('id')
          .where('uid', '=', record.uid)
          .executeTakeFirst();
        const id =
          existing?.id ??
          (await insertReturningId(
            trx,
            trx.insertInto('role').values({
              org_id: 0,
              uid: record.uid,
              name: record.name,
              display_name: record.displayName,
              description: record.description,
              group_name: record.group,
              hidden: record.hidden ? 1 : 0,
              version: record.version,
              created: now,
              updated: now,
            }),
          ));
        await syncPermissions(trx, id, record.permissions, now);
        return id;
      });
    },

    /** Stored copies of fixed roles, to bring their permissions up to date at start-up. */
    async copies(): Promise<{ id: number; uid: string }[]> {
      return db.selectFrom('role').select(['id', 'uid']).where('name', 'like', 'fixed:%').execute();
    },

    syncCopy(id: number, permissions: Permission[], now: number): Promise<void> {
      return inTransaction(db, (trx) => syncPermissions(trx, id, permissions, now));
    },

    /** Role ids assigned to a user, team or basic role in `orgId` (and globally with `withGlobal`). */
    async assignedRoleIds(orgId: number, assignee: Assignee, withGlobal: boolean): Promise<number[]> {
      const orgs = withGlobal ? [orgId, 0] : [orgId];
      let rows: { role_id: number }[];
      if (assignee.kind === 'user') {
        rows = await db
          .selectFrom('user_role')
          .select('role_id')
          .where('org_id', 'in', orgs)
          .where('user_id', '=', assignee.id)
          .execute();
      } else if (assignee.kind === 'team') {
        rows = await db
          .selectFrom('team_role')
          .select('role_id')
          .where('org_id', 'in', orgs)
          .where('team_id', '=', assignee.id)
          .execute();
      } else {
        rows = await db
          .selectFrom('builtin_role')
          .select('role_id')
          .where('org_id', 'in', orgs)
          .where('role', '=', assignee.role)
          .execute();
      }
      return rows.map((r) => r.role_id);
    },

    async rolesByIds(ids: number[], includePermissions = false): Promise<RoleRecord[]> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('role')
        .select(ROLE_COLUMNS)
        .where('id', 'in', ids)
        .orderBy('name')
        .execute();
      return withPermissions(db, rows, includePermissions);
    },

    /** Every basic-role assignment of custom roles in `orgId` and globally: [basic role, role id]. */
    async builtinAssignments(orgId: number): Promise<{ role: string; role_id: number; org_id: number }[]> {
      return db
        .selectFrom('builtin_role as b')
        .innerJoin('role as r', 'r.id', 'b.role_id')
        .select(['b.role', 'b.role_id', 'b.org_id'])
        .where('b.org_id', 'in', [orgId, 0])
        .where('r.name', 'not like', 'managed:%')
        .execute();
    },

    async assign(orgId: number, assignee: Assignee, roleId: number, now: number): Promise<void> {
      await inTransaction(db, (trx) => insertAssignment(trx, orgId, assignee, roleId, now));
    },

    async unassign(orgId: number, assignee: Assignee, roleId: number): Promise<boolean> {
      const result =
        assignee.kind === 'user'
          ? await db
              .deleteFrom('user_role')
              .where('org_id', '=', orgId)
              .where('role_id', '=', roleId)
              .where('user_id', '=', assignee.id)
              .executeTakeFirst()
          : assignee.kind === 'team'
            ? await db
                .deleteFrom('team_role')
                .where('org_id', '=', orgId)
                .where('role_id', '=', roleId)
                .where('team_id', '=', assignee.id)
                .executeTakeFirst()
            : await db
                .deleteFrom('builtin_role')
                .where('org_id', '=', orgId)
                .where('role_id', '=', roleId)
                .where('role', '=', assignee.role)
                .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Replaces the roles of a user or team in `orgId` by `roleIds`, keeping `keep`, in one transaction. */
    async replace(
      orgId: number,
      assignee: Assignee,
      roleIds: number[],
      keep: number[],
      now: number,
    ): Promise<void> {
      await inTransaction(db, async (trx) => {
        const kept = keep.length ? keep : [-1];
        if (assignee.kind === 'user') {
          await trx
            .deleteFrom('user_role')
            .where('org_id', '=', orgId)
            .where('user_id', '=', assignee.id)
            .where('role_id', 'not in', kept)
            .execute();
        } else if (assignee.kind === 'team') {
          await trx
            .deleteFrom('team_role')
            .where('org_id', '=', orgId)
            .where('team_id', '=', assignee.id)
            .where('role_id', 'not in', kept)
            .execute();
        }
        for (const roleId of roleIds) await insertAssignment(trx, orgId, assignee, roleId, now);
      });
    },

    /** Ids of the managed roles among `ids` (kept when a user's or team's roles are replaced). */
    async managedAmong(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('role')
        .select('id')
        .where('id', 'in', ids)
        .where('name', 'like', 'managed:%')
        .execute();
      return rows.map((r) => r.id);
    },

    /** `reset_basic_roles`: forgets every customisation of basic roles (not resource permissions). */
    async resetBasicRoles(): Promise<void> {
      const managed = db.selectFrom('role').select('id').where('name', 'like', 'managed:%');
      await db.deleteFrom('builtin_role').where('role_id', 'not in', managed).execute();
    },

    /**
     * Roles of organizations that no longer exist (role.org_id has no foreign key: 0 means global).
     * Their permissions and assignments go with them through the role foreign keys.
     */
    async deleteRolesOfDeletedOrgs(): Promise<number> {
      const orgs = db.selectFrom('org').select('id');
      const result = await db
        .deleteFrom('role')
        .where('org_id', '!=', 0)
        .where('org_id', 'not in', orgs)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

async function insertAssignment(trx: Db, orgId: number, assignee: Assignee, roleId: number, now: number) {
  if (assignee.kind === 'user') {
    const found = await trx
      .selectFrom('user_role')
      .select('id')
      .where('org_id', '=', orgId)
      .where('user_id', '=', assignee.id)
      .where('role_id', '=', roleId)
      .executeTakeFirst();
    if (!found)
      await trx
        .insertInto('user_role')
        .values({ org_id: orgId, user_id: assignee.id, role_id: roleId, created: now })
        .execute();
  } else if (assignee.kind === 'team') {
    const found = await trx
      .selectFrom('team_role')
      .select('id')
      .where('org_id', '=', orgId)
      .where('team_id', '=', assignee.id)
      .where('role_id', '=', roleId)
      .executeTakeFirst();
    if (!found)
      await trx
        .insertInto('team_role')
        .values({ org_id: orgId, team_id: assignee.id, role_id: roleId, created: now })
        .execute();
  } else {
    const found = await trx
      .selectFrom('builtin_role')
      .select('id')
      .where('org_id', '=', orgId)
      .where('role', '=', assignee.role)
      .where('role_id', '=', roleId)
      .executeTakeFirst();
    if (!found)
      await trx
        .insertInto('builtin_role')
        .values({ org_id: orgId, role: assignee.role, role_id: roleId, created: now })
        .execute();
  }
}

async function syncPermissions(trx: Db, roleId: number, permissions: Permission[], now: number) {
  const stored = await trx
    .selectFrom('permission')
    .select(['action', 'scope'])
    .where('role_id', '=', roleId)
    .execute();
  const key = (p: Permission) => `${p.action}\0${p.scope}`;
  const same =
    stored.length === permissions.length &&
    new Set(stored.map(key)).size === new Set(permissions.map(key)).size &&
    stored.every((p) => permissions.some((q) => key(q) === key(p)));
  if (same) return;
  await trx.deleteFrom('permission').where('role_id', '=', roleId).execute();
  await insertPermissions(trx, roleId, permissions, now);
}

export type RolesStore = ReturnType<typeof createRolesStore>;

/**
 * Grafana's external service role: one global role per external service, holding its permissions,
 * assigned to the service's account in one org (or globally). Saved as a whole in one transaction.
 */
export async function saveExternalServiceRole(
  db: Db,
  input: { name: string; uid: string; displayName: string; permissions: Permission[] },
  assignment: { orgId: number; userId: number },
  now: number,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('role')
      .select(['id', 'version'])
      .where('uid', '=', input.uid)
      .executeTakeFirst();
    let id: number;
    if (existing) {
      id = existing.id;
      await trx
        .updateTable('role')
        .set({ version: existing.version + 1, updated: now })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('permission').where('role_id', '=', id).execute();
    } else {
      id = await insertReturningId(
        trx,
        trx.insertInto('role').values({
          org_id: 0,
          uid: input.uid,
          name: input.name,
          display_name: input.displayName,
          description: input.displayName,
          group_name: 'External services',
          hidden: 1,
          version: 1,
          created: now,
          updated: now,
        }),
      );
    }
    await insertPermissions(trx, id, input.permissions, now);
    await trx.deleteFrom('user_role').where('role_id', '=', id).execute();
    await trx
      .insertInto('user_role')
      .values({ org_id: assignment.orgId, user_id: assignment.userId, role_id: id, created: now })
      .execute();
    return id;
  });
}

export async function deleteRoleByUid(db: Db, uid: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const role = await trx.selectFrom('role').select('id').where('uid', '=', uid).executeTakeFirst();
    if (!role) return;
    await trx.deleteFrom('user_role').where('role_id', '=', role.id).execute();
    await trx.deleteFrom('permission').where('role_id', '=', role.id).execute();
    await trx.deleteFrom('role').where('id', '=', role.id).execute();
  });
}

/** The permission rows of one role, in one statement. */
async function insertPermissions(
  trx: Db,
  roleId: number,
  permissions: Permission[],
  now: number,
): Promise<void> {
  if (!permissions.length) return;
  await trx
    .insertInto('permission')
    .values(
      permissions.map((p) => ({
        role_id: roleId,
        action: p.action,
        scope: p.scope,
        created: now,
        updated: now,
      })),
    )
    .execute();
}
