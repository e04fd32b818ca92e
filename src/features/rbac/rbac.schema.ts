import { Type } from 'typebox';
import { Id, LIMITS, SANE, Text } from '../../lib/limits.js';

const { role, permission } = LIMITS;

const PermissionBody = Type.Object({
  action: Text(permission.action, { minLength: 1 }),
  scope: Type.Optional(Text(permission.scope)),
});

const RoleFields = {
  name: Text(role.name, { minLength: 1 }),
  displayName: Type.Optional(Text(role.displayName)),
  description: Type.Optional(Text(role.description)),
  group: Type.Optional(Text(role.group)),
  hidden: Type.Optional(Type.Boolean()),
  permissions: Type.Optional(Type.Array(PermissionBody)),
};

export const CreateRoleBody = Type.Object({
  uid: Type.Optional(Text(role.uid)),
  global: Type.Optional(Type.Boolean()),
  version: Type.Optional(Id()),
  ...RoleFields,
});

export const UpdateRoleBody = Type.Object({ version: Id(), ...RoleFields });

export const ListRolesQuery = Type.Object({
  delegatable: Type.Optional(Type.Boolean()),
  includeHidden: Type.Optional(Type.Boolean()),
});
export const RoleUidParams = Type.Object({ roleUID: Type.String() });
export const DeleteRoleQuery = Type.Object({
  force: Type.Optional(Type.Boolean()),
  global: Type.Optional(Type.Boolean()),
});

export const UserParams = Type.Object({ userId: Id() });
export const UserRoleParams = Type.Object({ userId: Id(), roleUID: Type.String() });
export const TeamParams = Type.Object({ teamId: Id() });
export const TeamRoleParams = Type.Object({ teamId: Id(), roleUID: Type.String() });
export const AssignedQuery = Type.Object({ includeHidden: Type.Optional(Type.Boolean()) });
export const GlobalQuery = Type.Object({ global: Type.Optional(Type.Boolean()) });
// Role uids are looked up, not stored: nothing longer than the column can name a role.
const RoleUid = Text(role.uid, { minLength: 1 });

export const AddRoleBody = Type.Object({
  roleUid: RoleUid,
  global: Type.Optional(Type.Boolean()),
});
export const SetRolesBody = Type.Object({
  roleUids: Type.Array(Text(role.uid)),
  global: Type.Optional(Type.Boolean()),
  includeHidden: Type.Optional(Type.Boolean()),
});

export const BuiltInRoleBody = Type.Object({
  roleUid: RoleUid,
  builtInRole: Text(role.builtIn, { minLength: 1 }),
  global: Type.Optional(Type.Boolean()),
});
export const BuiltInRoleParams = Type.Object({ builtinRole: Type.String(), roleUID: Type.String() });

export const ReloadQuery = Type.Object({ reloadcache: Type.Optional(Type.Boolean()) });

export const ResourceParams = Type.Object({ resource: Type.String(), resourceId: Type.String() });
export const ResourceUserParams = Type.Object({
  resource: Type.String(),
  resourceId: Type.String(),
  userId: Id(),
});
export const ResourceTeamParams = Type.Object({
  resource: Type.String(),
  resourceId: Type.String(),
  teamId: Id(),
});
export const ResourceBuiltInParams = Type.Object({
  resource: Type.String(),
  resourceId: Type.String(),
  builtInRole: Type.String(),
});
export const ResourceDescriptionParams = Type.Object({ resource: Type.String() });
/** a level name (View, Edit, Admin, Member…) or '' to remove */
export const SetPermissionBody = Type.Object({ permission: Text(SANE.permissionLevel) });
/** Grafana's set-many body: each entry names one principal (user, team or basic role) and its level. */
export const SetPermissionsBody = Type.Object({
  permissions: Type.Array(
    Type.Object({
      userId: Type.Optional(Id()),
      teamId: Type.Optional(Id()),
      builtInRole: Type.Optional(Text(SANE.permissionLevel)),
      permission: Text(SANE.permissionLevel),
    }),
    { maxItems: 100 },
  ),
});

// Responses

/** `{message}`: the answer of the role, assignment and permission writes. */
export const MessageResponse = Type.Object({ message: Type.String() });

/** ISO 8601; Go's zero time for the roles defined in code. */
const Time = Type.String();

const RolePermission = Type.Object({
  action: Type.String(),
  scope: Type.String(),
  updated: Time,
  created: Time,
});

/**
 * Grafana's RoleDTO (roles.present.ts). `permissions` only on a single role (get, create,
 * update): the lists leave them out, as Grafana's do.
 */
export const RoleDto = Type.Object({
  version: Type.Integer(),
  uid: Type.String(),
  name: Type.String(),
  displayName: Type.String(),
  description: Type.String(),
  group: Type.String(),
  permissions: Type.Optional(Type.Array(RolePermission)),
  hidden: Type.Boolean(),
  /** 0 for a global role */
  orgId: Type.Integer(),
  global: Type.Boolean(),
  updated: Time,
  created: Time,
});
export const RoleList = Type.Array(RoleDto);

/** GET /api/access-control/builtin-roles: basic role name (Viewer, Editor, Admin, Grafana Admin…) -> roles. */
export const BuiltInRolesResponse = Type.Record(Type.String(), RoleList);

/** GET /api/access-control/user/permissions: action -> scopes (`[""]` for a scopeless action). */
export const UserPermissionsResponse = Type.Record(Type.String(), Type.Array(Type.String()));
/** GET /api/access-control/user/actions: action -> true. */
export const UserActionsResponse = Type.Record(Type.String(), Type.Boolean());

/** GET /api/access-control/<resource>/description: who may be given what on that kind of resource. */
export const ResourceDescriptionResponse = Type.Object({
  assignments: Type.Object({
    users: Type.Boolean(),
    serviceAccounts: Type.Boolean(),
    teams: Type.Boolean(),
    builtInRoles: Type.Boolean(),
  }),
  /** the level names, e.g. View, Edit, Admin */
  permissions: Type.Array(Type.String()),
});

/**
 * One entry of GET /api/access-control/<resource>/<id>: the grant and its principal, which is a
 * user (or service account), a team or a basic role; only that principal's fields are present.
 */
export const ResourcePermissionDto = Type.Object({
  id: Type.Integer(),
  roleName: Type.String(),
  isManaged: Type.Boolean(),
  isInherited: Type.Boolean(),
  isServiceAccount: Type.Boolean(),
  userId: Type.Optional(Type.Integer()),
  userUid: Type.Optional(Type.String()),
  userLogin: Type.Optional(Type.String()),
  userAvatarUrl: Type.Optional(Type.String()),
  team: Type.Optional(Type.String()),
  teamId: Type.Optional(Type.Integer()),
  teamUid: Type.Optional(Type.String()),
  teamAvatarUrl: Type.Optional(Type.String()),
  builtInRole: Type.Optional(Type.String()),
  actions: Type.Array(Type.String()),
  /** the level name */
  permission: Type.String(),
});
export const ResourcePermissionList = Type.Array(ResourcePermissionDto);
