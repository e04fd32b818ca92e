import { Type } from '@fastify/type-provider-typebox';

const PermissionBody = Type.Object({
  action: Type.String({ minLength: 1 }),
  scope: Type.Optional(Type.String()),
});

export const CreateRoleBody = Type.Object({
  uid: Type.Optional(Type.String()),
  global: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.Integer()),
  name: Type.String({ minLength: 1, maxLength: 190 }),
  displayName: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  group: Type.Optional(Type.String()),
  hidden: Type.Optional(Type.Boolean()),
  permissions: Type.Optional(Type.Array(PermissionBody)),
});

export const UpdateRoleBody = Type.Object({
  version: Type.Integer(),
  name: Type.String({ minLength: 1, maxLength: 190 }),
  displayName: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  group: Type.Optional(Type.String()),
  hidden: Type.Optional(Type.Boolean()),
  permissions: Type.Optional(Type.Array(PermissionBody)),
});

export const ListRolesQuery = Type.Object({
  delegatable: Type.Optional(Type.Boolean()),
  includeHidden: Type.Optional(Type.Boolean()),
});
export const RoleUidParams = Type.Object({ roleUID: Type.String() });
export const DeleteRoleQuery = Type.Object({
  force: Type.Optional(Type.Boolean()),
  global: Type.Optional(Type.Boolean()),
});

export const UserParams = Type.Object({ userId: Type.String() });
export const UserRoleParams = Type.Object({ userId: Type.String(), roleUID: Type.String() });
export const TeamParams = Type.Object({ teamId: Type.String() });
export const TeamRoleParams = Type.Object({ teamId: Type.String(), roleUID: Type.String() });
export const AssignedQuery = Type.Object({ includeHidden: Type.Optional(Type.Boolean()) });
export const GlobalQuery = Type.Object({ global: Type.Optional(Type.Boolean()) });
export const AddRoleBody = Type.Object({
  roleUid: Type.String({ minLength: 1 }),
  global: Type.Optional(Type.Boolean()),
});
export const SetRolesBody = Type.Object({
  roleUids: Type.Array(Type.String()),
  global: Type.Optional(Type.Boolean()),
  includeHidden: Type.Optional(Type.Boolean()),
});

export const BuiltInRoleBody = Type.Object({
  roleUid: Type.String({ minLength: 1 }),
  builtInRole: Type.String({ minLength: 1 }),
  global: Type.Optional(Type.Boolean()),
});
export const BuiltInRoleParams = Type.Object({ builtinRole: Type.String(), roleUID: Type.String() });

export const ReloadQuery = Type.Object({ reloadcache: Type.Optional(Type.Boolean()) });

export const ResourceParams = Type.Object({ resource: Type.String(), resourceId: Type.String() });
export const ResourceUserParams = Type.Object({
  resource: Type.String(),
  resourceId: Type.String(),
  userId: Type.String(),
});
export const ResourceTeamParams = Type.Object({
  resource: Type.String(),
  resourceId: Type.String(),
  teamId: Type.String(),
});
export const ResourceBuiltInParams = Type.Object({
  resource: Type.String(),
  resourceId: Type.String(),
  builtInRole: Type.String(),
});
export const ResourceDescriptionParams = Type.Object({ resource: Type.String() });
export const SetPermissionBody = Type.Object({ permission: Type.String() });
