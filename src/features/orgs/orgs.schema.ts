import { Type } from '@fastify/type-provider-typebox';
import { PagingQuery } from '../../http/paging.js';

export const NameBody = Type.Object({ name: Type.String() });
export const AddressBody = Type.Object({
  address1: Type.Optional(Type.String()),
  address2: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  zipCode: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
});
export const OrgIdParams = Type.Object({ org_id: Type.Integer() });
export const OrgNameParams = Type.Object({ org_name: Type.String() });
export const UserIdParams = Type.Object({ userId: Type.Integer() });
export const OrgUserParams = Type.Object({ org_id: Type.Integer(), userId: Type.Integer() });
export const AddMemberBody = Type.Object({
  loginOrEmail: Type.String({ minLength: 1 }),
  role: Type.String(),
});
export const RoleBody = Type.Object({ role: Type.String() });
export const OrgListQuery = Type.Object({
  query: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  ...PagingQuery,
});
export const MembersQuery = Type.Object({
  query: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer()),
});
export const MembersSearchQuery = Type.Object({ query: Type.Optional(Type.String()), ...PagingQuery });
