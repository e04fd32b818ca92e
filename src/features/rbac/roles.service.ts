import { accessDenied, type Authorizer } from '../../access/authorizer.js';
import { inGlobalOrg, type Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { generateUid, isValidUid } from '../../lib/uid.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { DELEGATE_SCOPE, ESCALATE_SCOPE } from './access-control-roles.js';
import { allOf, can, type Evaluator, type Permission } from '../../access/evaluator.js';
import { permissionProblem } from './permission-registry.js';
import {
  invalidBuiltInRole,
  invalidRoleUid,
  invalidScope,
  reservedRoleName,
  roleAssigned,
  roleExists,
  roleNotFound,
  roleReadOnly,
  roleVersionOutdated,
  teamNotFound,
  unknownAction,
  userNotFound,
} from './rbac.errors.js';
import {
  BASIC_ROLE_RECORDS,
  BASIC_ROLES,
  builtInRoleByUid,
  FIXED_ROLE_RECORDS,
  fixedRolesGrantedTo,
  RESERVED_PREFIXES,
  type RoleRecord,
} from './role-definitions.js';
import type { Assignee, RolesStore } from './roles.store.js';

interface RoleBody {
  uid?: string;
  global?: boolean;
  version?: number;
  name: string;
  displayName?: string;
  description?: string;
  group?: string;
  hidden?: boolean;
  permissions?: { action: string; scope?: string }[];
}

const ASSIGNABLE_BUILT_IN_ROLES = ['Viewer', 'Editor', 'Admin', 'Grafana Admin'];

/**
 * Custom roles and role assignments (Grafana's role API). Fixed and basic roles are code and
 * read-only; nobody may hand out a permission it does not hold itself (unless it holds
 * `roles:write` on `permissions:type:escalate`).
 */
export function createRolesService(deps: {
  store: RolesStore;
  /** the teams feature's answer */
  teamExists(orgId: number, teamId: number): Promise<boolean>;
  /** the users feature's answer: a user or a service account has this id */
  accountExists(userId: number): Promise<boolean>;
  authorizer: Authorizer;
  clock: Clock;
  validatePermissions: boolean;
}) {
  const { store, authorizer, clock } = deps;

  /** The identity whose permissions count for a role or assignment of `orgId` (0: global). */
  function actingIn(identity: Identity, global: boolean | undefined): Identity {
    return global ? inGlobalOrg(identity) : identity;
  }

  async function requireAllowed(identity: Identity, evaluator: Evaluator): Promise<void> {
    if (!(await authorizer.can(identity, evaluator))) throw accessDenied(evaluator);
  }

  /** Refuses handing out permissions the caller does not hold (escalation). */
  async function requireDelegable(identity: Identity, permissions: Permission[]): Promise<void> {
    if (await authorizer.can(identity, can('roles:write', ESCALATE_SCOPE))) return;
    const missing: Evaluator[] = [];
    for (const p of permissions) {
      const evaluator = p.scope ? can(p.action, p.scope) : can(p.action);
      if (!(await authorizer.can(identity, evaluator))) missing.push(evaluator);
    }
    if (missing.length) throw accessDenied(missing.length === 1 ? missing[0]! : allOf(...missing));
  }

  function validate(permissions: Permission[]): void {
    if (!deps.validatePermissions) return;
    for (const p of permissions) {
      const problem = permissionProblem(p);
      if (problem?.kind === 'unknown-action') throw unknownAction(problem.action);
      if (problem?.kind === 'invalid-scope')
        throw invalidScope(problem.scope, problem.action, problem.expected);
    }
  }

  function normalize(body: RoleBody): Permission[] {
    const seen = new Set<string>();
    const permissions: Permission[] = [];
    for (const p of body.permissions ?? []) {
      const permission = { action: p.action, scope: p.scope ?? '' };
      const key = `${permission.action}\0${permission.scope}`;
      if (!seen.has(key)) permissions.push(permission);
      seen.add(key);
    }
    return permissions;
  }

  async function holdsAll(identity: Identity, permissions: Permission[]): Promise<boolean> {
    for (const p of permissions) {
      if (!(await authorizer.can(identity, p.scope ? can(p.action, p.scope) : can(p.action)))) return false;
    }
    return true;
  }

  /** A role the caller's org can see: code-defined, custom of the org, or global. */
  async function findRole(orgId: number, uid: string): Promise<RoleRecord> {
    const role = builtInRoleByUid(uid) ?? (await store.findByUid(orgId, uid));
    if (!role) throw roleNotFound();
    return role;
  }

  /** A custom role the caller may change. */
  async function customRole(orgId: number, uid: string): Promise<RoleRecord> {
    if (builtInRoleByUid(uid)) throw roleReadOnly();
    const role = await store.findByUid(orgId, uid);
    if (!role || RESERVED_PREFIXES.some((p) => role.name.startsWith(p))) {
      if (role?.name.startsWith('fixed:')) throw roleReadOnly();
      throw roleNotFound();
    }
    return role;
  }

  /** A role that can be assigned: custom, or fixed (stored on first assignment). Basic roles cannot. */
  async function assignableRoleId(orgId: number, uid: string): Promise<{ id: number; role: RoleRecord }> {
    const builtIn = builtInRoleByUid(uid);
    if (builtIn) {
      if (builtIn.name.startsWith('basic:')) throw roleReadOnly('basic roles cannot be assigned');
      return { id: await store.ensureCopy(builtIn, clock.now()), role: builtIn };
    }
    const role = await store.findByUid(orgId, uid);
    if (!role) throw roleNotFound();
    return { id: role.id, role };
  }

  async function requireAssignee(identity: Identity, assignee: Assignee): Promise<void> {
    if (assignee.kind === 'user' && !(await deps.accountExists(assignee.id))) throw userNotFound();
    if (assignee.kind === 'team' && !(await deps.teamExists(identity.orgId, assignee.id)))
      throw teamNotFound();
  }

  return {
    async list(identity: Identity, options: { delegatable?: boolean; includeHidden?: boolean }) {
      const builtIn = [...FIXED_ROLE_RECORDS, ...BASIC_ROLE_RECORDS];
      const custom = await store.list(identity.orgId, options.delegatable === true);
      let roles = [
        ...builtIn.filter((r) => options.includeHidden || !r.hidden || r.name.startsWith('basic:')),
        ...custom.filter((r) => options.includeHidden || !r.hidden),
      ];
      if (options.delegatable) {
        const allowed = await Promise.all(roles.map((r) => holdsAll(identity, r.permissions)));
        roles = roles.filter((_, i) => allowed[i]);
      }
      return roles;
    },

    get: (identity: Identity, uid: string) => findRole(identity.orgId, uid),

    async create(identity: Identity, body: RoleBody): Promise<RoleRecord> {
      if (RESERVED_PREFIXES.some((p) => body.name.startsWith(p))) throw reservedRoleName();
      const uid = body.uid || generateUid();
      if (!isValidUid(uid)) throw invalidRoleUid();
      const permissions = normalize(body);
      validate(permissions);
      const acting = actingIn(identity, body.global);
      await requireAllowed(acting, can('roles:write', DELEGATE_SCOPE));
      await requireDelegable(acting, permissions);
      const orgId = body.global ? 0 : identity.orgId;
      if (builtInRoleByUid(uid) || (await store.exists(orgId, uid, body.name))) throw roleExists();
      try {
        await store.create(
          {
            orgId,
            uid,
            name: body.name,
            displayName: body.displayName ?? '',
            description: body.description ?? '',
            group: body.group ?? '',
            hidden: body.hidden ?? false,
            version: body.version && body.version > 0 ? body.version : 1,
            permissions,
          },
          clock.now(),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw roleExists();
        throw err;
      }
      return findRole(orgId, uid);
    },

    async update(identity: Identity, uid: string, body: RoleBody & { version: number }): Promise<RoleRecord> {
      const role = await customRole(identity.orgId, uid);
      if (RESERVED_PREFIXES.some((p) => body.name.startsWith(p))) throw reservedRoleName();
      if (body.version <= role.version) throw roleVersionOutdated();
      const permissions = normalize(body);
      validate(permissions);
      const acting = actingIn(identity, role.orgId === 0);
      await requireAllowed(acting, can('roles:write', DELEGATE_SCOPE));
      // Both what the role gave and what it will give: removing a permission is handing it out too.
      await requireDelegable(acting, [...role.permissions, ...permissions]);
      if (await store.nameTakenByOther(role.orgId, body.name, role.id)) throw roleExists();
      const updated = await store.update(
        role.id,
        role.version,
        {
          name: body.name,
          displayName: body.displayName ?? role.displayName,
          description: body.description ?? role.description,
          group: body.group ?? role.group,
          hidden: body.hidden ?? role.hidden,
          version: body.version,
          permissions,
        },
        clock.now(),
      );
      if (!updated) throw roleVersionOutdated();
      return findRole(identity.orgId, uid);
    },

    async delete(identity: Identity, uid: string, force: boolean): Promise<void> {
      const role = await customRole(identity.orgId, uid);
      const acting = actingIn(identity, role.orgId === 0);
      await requireAllowed(acting, can('roles:delete', DELEGATE_SCOPE));
      await requireDelegable(acting, role.permissions);
      if (!force && (await store.isAssigned(role.id))) throw roleAssigned();
      await store.delete(role.id);
    },

    /** Roles assigned to a user or team (custom and fixed; managed ones only with `includeHidden`). */
    async assigned(identity: Identity, assignee: Assignee, includeHidden: boolean): Promise<RoleRecord[]> {
      await requireAssignee(identity, assignee);
      const ids = await store.assignedRoleIds(identity.orgId, assignee, true);
      const roles = await store.rolesByIds(ids);
      return roles.filter((r) => includeHidden || (!r.hidden && !r.name.startsWith('managed:')));
    },

    async assign(identity: Identity, assignee: Assignee, roleUid: string, global: boolean): Promise<void> {
      await requireAssignee(identity, assignee);
      const acting = actingIn(identity, global);
      const { id, role } = await assignableRoleId(identity.orgId, roleUid);
      await requireDelegable(acting, role.permissions);
      await store.assign(global ? 0 : identity.orgId, assignee, id, clock.now());
    },

    async unassign(identity: Identity, assignee: Assignee, roleUid: string, global: boolean): Promise<void> {
      await requireAssignee(identity, assignee);
      const acting = actingIn(identity, global);
      const { id, role } = await assignableRoleId(identity.orgId, roleUid);
      await requireDelegable(acting, role.permissions);
      await store.unassign(global ? 0 : identity.orgId, assignee, id);
    },

    /** Sets the custom and fixed roles of a user or team to exactly `roleUids` (managed roles stay). */
    async replace(
      identity: Identity,
      assignee: Assignee,
      roleUids: string[],
      global: boolean,
    ): Promise<void> {
      await requireAssignee(identity, assignee);
      const acting = actingIn(identity, global);
      const orgId = global ? 0 : identity.orgId;
      const wanted = await Promise.all(
        [...new Set(roleUids)].map((uid) => assignableRoleId(identity.orgId, uid)),
      );
      const current = await store.assignedRoleIds(orgId, assignee, false);
      const managed = await store.managedAmong(current);
      const wantedIds = new Set(wanted.map((w) => w.id));
      const removed = await store.rolesByIds(
        current.filter((id) => !managed.includes(id) && !wantedIds.has(id)),
        true,
      );
      const added = wanted.filter((w) => !current.includes(w.id));
      await requireDelegable(
        acting,
        [...removed, ...added.map((a) => a.role)].flatMap((r) => r.permissions),
      );
      await store.replace(orgId, assignee, [...wantedIds], managed, clock.now());
    },

    /** Basic role -> roles granted to it: fixed roles by registration plus stored grants. */
    async builtInAssignments(
      identity: Identity,
      includeHidden: boolean,
    ): Promise<Record<string, RoleRecord[]>> {
      const map: Record<string, RoleRecord[]> = {};
      for (const basic of BASIC_ROLES) {
        if (basic.role === 'None') continue;
        const fixed = fixedRolesGrantedTo(basic.role).filter((r) => includeHidden || !r.hidden);
        if (fixed.length) map[basic.role] = [...fixed];
      }
      const stored = await store.builtinAssignments(identity.orgId);
      const roles = await store.rolesByIds([...new Set(stored.map((s) => s.role_id))]);
      for (const assignment of stored) {
        const role = roles.find((r) => r.id === assignment.role_id);
        if (!role || (role.hidden && !includeHidden)) continue;
        const list = (map[assignment.role] ??= []);
        if (!list.some((r) => r.uid === role.uid)) list.push(role);
      }
      return map;
    },

    async grantToBuiltIn(
      identity: Identity,
      builtInRole: string,
      roleUid: string,
      global: boolean,
    ): Promise<void> {
      if (!ASSIGNABLE_BUILT_IN_ROLES.includes(builtInRole)) throw invalidBuiltInRole();
      const acting = actingIn(identity, global);
      await requireAllowed(acting, can('roles.builtin:add', DELEGATE_SCOPE));
      const { id, role } = await assignableRoleId(identity.orgId, roleUid);
      await requireDelegable(acting, role.permissions);
      await store.assign(
        global ? 0 : identity.orgId,
        { kind: 'builtin', role: builtInRole },
        id,
        clock.now(),
      );
    },

    async revokeFromBuiltIn(
      identity: Identity,
      builtInRole: string,
      roleUid: string,
      global: boolean,
    ): Promise<void> {
      if (!ASSIGNABLE_BUILT_IN_ROLES.includes(builtInRole)) throw invalidBuiltInRole();
      const acting = actingIn(identity, global);
      await requireAllowed(acting, can('roles.builtin:remove', DELEGATE_SCOPE));
      const { id, role } = await assignableRoleId(identity.orgId, roleUid);
      await requireDelegable(acting, role.permissions);
      await store.unassign(global ? 0 : identity.orgId, { kind: 'builtin', role: builtInRole }, id);
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
