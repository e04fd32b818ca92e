import { Type } from '@fastify/type-provider-typebox';
import { PagingQuery } from '../../http/paging.js';

export const UserIdParams = Type.Object({ user_id: Type.String({ pattern: '^[a-zA-Z0-9_-]{1,40}$' }) });
export const NumericUserIdParams = Type.Object({ user_id: Type.Integer() });
export const OrgIdParams = Type.Object({ org_id: Type.Integer() });
export const UserOrgParams = Type.Object({
  user_id: UserIdParams.properties.user_id,
  org_id: Type.Integer(),
});

export const UpdateProfileBody = Type.Object({
  email: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  login: Type.Optional(Type.String()),
  theme: Type.Optional(Type.String()),
});

export const ChangePasswordBody = Type.Object({
  oldPassword: Type.String(),
  newPassword: Type.String(),
  // Grafana compat: accepted but not compared; clients check it themselves.
  confirmNew: Type.Optional(Type.String()),
});

export const LookupQuery = Type.Object({ loginOrEmail: Type.String({ minLength: 1 }) });
export const SearchQuery = Type.Object({ query: Type.Optional(Type.String()), ...PagingQuery });

export const CreateUserBody = Type.Object({
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  login: Type.Optional(Type.String()),
  password: Type.String(),
  orgId: Type.Optional(Type.Integer()),
});

export const SetPasswordBody = Type.Object({ password: Type.String() });
export const SetPermissionsBody = Type.Object({
  isGrafanaAdmin: Type.Optional(Type.Boolean()),
  isServerAdmin: Type.Optional(Type.Boolean()),
});
export const RevokeTokenBody = Type.Object({ authTokenId: Type.Integer() });
