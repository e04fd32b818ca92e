import { Type } from '@fastify/type-provider-typebox';
import { PagingQuery } from '../../http/paging.js';
import { Id, LIMITS, SANE, Text } from '../../lib/limits.js';

/** A numeric id or, as Grafana 11+ allows, a uid; an id beyond the column is a user that does not exist. */
export const UserIdParams = Type.Object({ user_id: Type.String({ pattern: '^[a-zA-Z0-9_-]{1,40}$' }) });
export const NumericUserIdParams = Type.Object({ user_id: Id() });
export const OrgIdParams = Type.Object({ org_id: Id() });
export const UserOrgParams = Type.Object({
  user_id: UserIdParams.properties.user_id,
  org_id: Id(),
});

const { user } = LIMITS;

export const UpdateProfileBody = Type.Object({
  email: Type.Optional(Text(user.email)),
  name: Type.Optional(Text(user.name)),
  login: Type.Optional(Text(user.login)),
  theme: Type.Optional(Text(user.theme)),
});

// Passwords are hashed before storage: only the body limit bounds them.
export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String(),
  newPassword: Type.String(),
  // Grafana compat: accepted but not compared; clients check it themselves.
  confirmNew: Type.Optional(Type.String()),
});

export const LookupQuery = Type.Object({ loginOrEmail: Text(SANE.loginOrEmail, { minLength: 1 }) });
export const SearchQuery = Type.Object({ query: Type.Optional(Type.String()), ...PagingQuery });

export const CreateUserBody = Type.Object({
  name: Type.Optional(Text(user.name)),
  email: Type.Optional(Text(user.email)),
  login: Type.Optional(Text(user.login)),
  password: Type.String(),
  orgId: Type.Optional(Id()),
});

export const SetPasswordBody = Type.Object({ password: Type.String() });
export const SetPermissionsBody = Type.Object({
  isGrafanaAdmin: Type.Optional(Type.Boolean()),
  isServerAdmin: Type.Optional(Type.Boolean()),
});
