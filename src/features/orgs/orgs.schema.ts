import { Type } from '@fastify/type-provider-typebox';
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
