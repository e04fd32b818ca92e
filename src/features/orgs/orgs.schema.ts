import { Type } from 'typebox';
import { PagingQuery } from '../../http/paging.js';
import { Count, Id, LIMITS, SANE, Text } from '../../lib/limits.js';

const Address = Type.Optional(Text(LIMITS.org.address));
const Role = Text(LIMITS.orgUser.role);

export const NameBody = Type.Object({ name: Text(LIMITS.org.name) });
export const AddressBody = Type.Object({
  address1: Address,
  address2: Address,
  city: Address,
  zipCode: Address,
  // Grafana compat: Grafana's own spelling of the field, read when zipCode is absent.
  zipcode: Address,
  state: Address,
  country: Address,
});
export const OrgIdParams = Type.Object({ org_id: Id() });
export const OrgNameParams = Type.Object({ org_name: Type.String() });
export const UserIdParams = Type.Object({ userId: Id() });
export const OrgUserParams = Type.Object({ org_id: Id(), userId: Id() });
export const AddMemberBody = Type.Object({
  loginOrEmail: Text(SANE.loginOrEmail, { minLength: 1 }),
  role: Role,
});
export const RoleBody = Type.Object({ role: Role });
export const OrgListQuery = Type.Object({
  query: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  ...PagingQuery,
});
export const MembersQuery = Type.Object({
  query: Type.Optional(Type.String()),
  limit: Type.Optional(Count()),
});
export const MembersSearchQuery = Type.Object({ query: Type.Optional(Type.String()), ...PagingQuery });

// Responses. A response schema is also the serializer: a field it does not name is dropped, so
// each one lists every field orgs.present.ts (or the route) answers.

/** `{message}`: the answer of the org writes. */
export const MessageResponse = Type.Object({ message: Type.String() });

/** SPEC's organization. */
export const OrgDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.Object({
    address1: Type.String(),
    address2: Type.String(),
    city: Type.String(),
    zipCode: Type.String(),
    state: Type.String(),
    country: Type.String(),
  }),
});

/** An item of GET /api/orgs. */
export const OrgListItem = Type.Object({ id: Type.Integer(), name: Type.String() });

export const CreatedOrgResponse = Type.Object({ orgId: Type.Integer(), message: Type.String() });

/** SPEC's organization user, with Grafana's extra fields. */
export const OrgMemberDto = Type.Object({
  orgId: Type.Integer(),
  userId: Type.Integer(),
  uid: Type.String(),
  email: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
  login: Type.String(),
  role: Type.String(),
  /** ISO 8601 */
  lastSeenAt: Type.String(),
  /** Grafana's "x minutes" age */
  lastSeenAtAge: Type.String(),
  authLabels: Type.Array(Type.String()),
  isDisabled: Type.Boolean(),
  isExternallySynced: Type.Boolean(),
  isProvisioned: Type.Boolean(),
});

/** An item of GET /api/org/users/lookup (the user picker): no email, no role. */
export const OrgMemberLookupItem = Type.Object({
  userId: Type.Integer(),
  uid: Type.String(),
  login: Type.String(),
  avatarUrl: Type.String(),
});

/** GET …/users/search: one page of members. */
export const OrgMembersPage = Type.Object({
  totalCount: Type.Integer(),
  orgUsers: Type.Array(OrgMemberDto),
  page: Type.Integer(),
  perPage: Type.Integer(),
});

/** POST /api/org/users and /api/orgs/:org_id/users (registered by the users feature). */
export const AddedMemberResponse = Type.Object({ message: Type.String(), userId: Type.Integer() });
