import { Type } from 'typebox';
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

// Responses. A response schema is also the serializer: a field it does not name is dropped, so
// each one lists every field users.present.ts (or the route) answers.

/** `{message}`: the answer of the user writes. */
export const MessageResponse = Type.Object({ message: Type.String() });

/** SPEC's user; `isGrafanaAdmin` mirrors `isServerAdmin` for Grafana clients. */
export const UserDto = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  email: Type.String(),
  name: Type.String(),
  login: Type.String(),
  theme: Type.String(),
  orgId: Type.Integer(),
  isServerAdmin: Type.Boolean(),
  isGrafanaAdmin: Type.Boolean(),
  isDisabled: Type.Boolean(),
  isExternal: Type.Boolean(),
  isExternallySynced: Type.Boolean(),
  isGrafanaAdminExternallySynced: Type.Boolean(),
  isProvisioned: Type.Boolean(),
  authLabels: Type.Array(Type.String()),
  /** ISO 8601 */
  updatedAt: Type.String(),
  createdAt: Type.String(),
  avatarUrl: Type.String(),
});

/** An item of /api/users/search and /api/users: `isAdmin` instead of the server-admin field. */
export const UserHit = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  name: Type.String(),
  login: Type.String(),
  email: Type.String(),
  avatarUrl: Type.String(),
  isAdmin: Type.Boolean(),
  isDisabled: Type.Boolean(),
  isProvisioned: Type.Boolean(),
  /** ISO 8601 */
  lastSeenAt: Type.String(),
  /** Grafana's "x minutes" age */
  lastSeenAtAge: Type.String(),
  authLabels: Type.Array(Type.String()),
});

export const UsersPage = Type.Object({
  totalCount: Type.Integer(),
  users: Type.Array(UserHit),
  page: Type.Integer(),
  perPage: Type.Integer(),
});

/** SPEC's user organization entry. */
export const UserOrgEntry = Type.Object({ orgId: Type.Integer(), name: Type.String(), role: Type.String() });

export const CreatedUserResponse = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  message: Type.String(),
});
