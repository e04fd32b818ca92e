import { Type } from '@fastify/type-provider-typebox';
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
