import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { message, type Api } from '../../http/api.js';
import { sendCachedJson } from '../../http/cached-json.js';
import { identityOf } from '../../access/identity.js';
import { paging } from '../../http/paging.js';
import type { Clock } from '../../lib/clock.js';
import { can } from '../../access/evaluator.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import { presentMember, presentOrg } from './orgs.present.js';
import {
  AddressBody,
  CreatedOrgResponse,
  MembersQuery,
  MembersSearchQuery,
  MessageResponse,
  NameBody,
  OrgDto,
  OrgIdParams,
  OrgListItem,
  OrgListQuery,
  OrgMemberDto,
  OrgMemberLookupItem,
  OrgMembersPage,
  OrgNameParams,
  OrgUserParams,
  RoleBody,
  UserIdParams,
} from './orgs.schema.js';
import type { OrgsService } from './orgs.service.js';
import type { TableCache } from '../../store/table-cache.js';

/** GET /api/org's JSON text by org id. */
export type CurrentOrgCache = TableCache<number, string>;

/** 0 or less (or none): Grafana's default of 5000 members. */
const limitOf = (limit: number | undefined) => (limit !== undefined && limit > 0 ? limit : 5000);

const onMember = (action: string) => (request: FastifyRequest) =>
  can(action, `users:id:${(request.params as { userId: number }).userId}`);

/**
 * The current org (/api/org…) and all orgs (/api/orgs…). Adding a user found by login or email
 * (POST /api/org/users, /api/orgs/:org_id/users) is registered by the users feature.
 */
export function registerOrgsRoutes(
  api: Api,
  deps: { orgs: OrgsService; clock: Clock; currentOrgs: CurrentOrgCache },
): void {
  const { orgs, clock, currentOrgs } = deps;

  // Current organization
  // Hot path: the JSON text from the cache (no query, no serialising, no promise) while no org
  // row changed. A miss serialises with the route's schema (reply.serialize), so the cached text
  // is what the schema answers, and is checked like any answer under SVC_CHECK_RESPONSES.
  api.get(
    '/api/org',
    { config: { permission: can('orgs:read') }, schema: { response: { 200: OrgDto } } },
    (request, reply) => {
      const orgId = identityOf(request).orgId;
      return sendCachedJson(
        reply,
        currentOrgs,
        orgId,
        async () =>
          // text: fast-json-stringify's answer (the type also allows a custom serializer's bytes)
          reply.serialize(presentOrg(await orgs.get(orgId))) as string,
      );
    },
  );

  api.put(
    '/api/org',
    {
      config: { permission: can('orgs:write') },
      schema: { body: NameBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.rename(identityOf(request).orgId, request.body.name);
      return message('Organization updated');
    },
  );

  api.put(
    '/api/org/address',
    {
      config: { permission: can('orgs:write') },
      schema: { body: AddressBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.setAddress(identityOf(request).orgId, addressOf(request.body));
      return message('Address updated');
    },
  );

  api.get(
    '/api/org/users',
    {
      config: { permission: can('org.users:read', 'users:*') },
      schema: { querystring: MembersQuery, response: { 200: Type.Array(OrgMemberDto) } },
    },
    async (request) => {
      const rows = await orgs.listMembers(
        identityOf(request).orgId,
        request.query.query ?? '',
        limitOf(request.query.limit),
      );
      const now = clock.now();
      return rows.map((m) => presentMember(m, now));
    },
  );

  api.get(
    '/api/org/users/search',
    {
      config: { permission: can('org.users:read', 'users:*') },
      schema: { querystring: MembersSearchQuery, response: { 200: OrgMembersPage } },
    },
    async (request) => searchMembers(identityOf(request).orgId, request.query),
  );

  api.get(
    '/api/org/users/lookup',
    {
      config: { permission: can('org.users:read', 'users:*') },
      schema: { querystring: MembersQuery, response: { 200: Type.Array(OrgMemberLookupItem) } },
    },
    async (request) => {
      const rows = await orgs.listMembers(
        identityOf(request).orgId,
        request.query.query ?? '',
        limitOf(request.query.limit),
      );
      return rows.map((m) => ({
        userId: m.userId,
        uid: m.uid,
        login: m.login,
        avatarUrl: avatarUrl(m.email),
      }));
    },
  );

  api.patch(
    '/api/org/users/:userId',
    {
      config: { permission: onMember('org.users:write') },
      schema: { params: UserIdParams, body: RoleBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const identity = identityOf(request);
      await orgs.setRole(identity, identity.orgId, request.params.userId, request.body.role);
      return message('Organization user updated');
    },
  );

  api.delete(
    '/api/org/users/:userId',
    {
      config: { permission: onMember('org.users:remove') },
      schema: { params: UserIdParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.removeMember(identityOf(request).orgId, request.params.userId);
      return message('User removed from organization');
    },
  );

  // All organizations
  api.get(
    '/api/orgs',
    {
      config: { globalOrg: true, permission: can('orgs:read') },
      schema: { querystring: OrgListQuery, response: { 200: Type.Array(OrgListItem) } },
    },
    async (request) => {
      const { perPage, page } = paging(request.query);
      return orgs.list({ query: request.query.query ?? '', name: request.query.name ?? '', perPage, page });
    },
  );

  api.post(
    '/api/orgs',
    {
      config: { permission: can('orgs:create') },
      schema: { body: NameBody, response: { 200: CreatedOrgResponse } },
    },
    async (request) => {
      const orgId = await orgs.create(identityOf(request), request.body.name);
      return { orgId, message: 'Organization created' };
    },
  );

  const inOrg = { orgParam: 'org_id' };
  api.get(
    '/api/orgs/:org_id',
    {
      config: { ...inOrg, permission: can('orgs:read') },
      schema: { params: OrgIdParams, response: { 200: OrgDto } },
    },
    async (request) => presentOrg(await orgs.get(request.params.org_id)),
  );

  api.get(
    '/api/orgs/name/:org_name',
    {
      config: { globalOrg: true, permission: can('orgs:read') },
      schema: { params: OrgNameParams, response: { 200: OrgDto } },
    },
    async (request) => presentOrg(await orgs.getByName(request.params.org_name)),
  );

  api.put(
    '/api/orgs/:org_id',
    {
      config: { ...inOrg, permission: can('orgs:write') },
      schema: { params: OrgIdParams, body: NameBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.rename(request.params.org_id, request.body.name);
      return message('Organization updated');
    },
  );

  api.put(
    '/api/orgs/:org_id/address',
    {
      config: { ...inOrg, permission: can('orgs:write') },
      schema: { params: OrgIdParams, body: AddressBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.setAddress(request.params.org_id, addressOf(request.body));
      return message('Address updated');
    },
  );

  api.delete(
    '/api/orgs/:org_id',
    {
      config: { ...inOrg, permission: can('orgs:delete') },
      schema: { params: OrgIdParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.delete(identityOf(request), request.params.org_id);
      return message('Organization deleted');
    },
  );

  api.get(
    '/api/orgs/:org_id/users',
    {
      config: { ...inOrg, permission: can('org.users:read', 'users:*') },
      schema: { params: OrgIdParams, response: { 200: Type.Array(OrgMemberDto) } },
    },
    async (request) => {
      await orgs.get(request.params.org_id);
      const now = clock.now();
      return (await orgs.listMembers(request.params.org_id, '', 5000)).map((m) => presentMember(m, now));
    },
  );

  api.get(
    '/api/orgs/:org_id/users/search',
    {
      config: { ...inOrg, permission: can('org.users:read', 'users:*') },
      schema: { params: OrgIdParams, querystring: MembersSearchQuery, response: { 200: OrgMembersPage } },
    },
    async (request) => searchMembers(request.params.org_id, request.query),
  );

  api.patch(
    '/api/orgs/:org_id/users/:userId',
    {
      config: { ...inOrg, permission: onMember('org.users:write') },
      schema: { params: OrgUserParams, body: RoleBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.setRole(
        identityOf(request),
        request.params.org_id,
        request.params.userId,
        request.body.role,
      );
      return message('Organization user updated');
    },
  );

  api.delete(
    '/api/orgs/:org_id/users/:userId',
    {
      config: { ...inOrg, permission: onMember('org.users:remove') },
      schema: { params: OrgUserParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await orgs.removeMember(request.params.org_id, request.params.userId);
      return message('User removed from organization');
    },
  );

  async function searchMembers(orgId: number, query: { query?: string; perpage?: number; page?: number }) {
    const { perPage, page } = paging(query);
    const { rows, total } = await orgs.members(orgId, { query: query.query ?? '', perPage, page });
    const now = clock.now();
    return { totalCount: total, orgUsers: rows.map((m) => presentMember(m, now)), page, perPage };
  }
}

function addressOf(
  body: Partial<
    Record<'address1' | 'address2' | 'city' | 'zipCode' | 'zipcode' | 'state' | 'country', string>
  >,
) {
  return {
    address1: body.address1 ?? '',
    address2: body.address2 ?? '',
    city: body.city ?? '',
    zipCode: body.zipCode ?? body.zipcode ?? '',
    state: body.state ?? '',
    country: body.country ?? '',
  };
}
