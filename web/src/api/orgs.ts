/** Organizations: the current one (`/api/org`) and any (`/api/orgs/:id`, server admins), with members. */
import { del, get, patch, post, put, seg } from './client.js';
import { pageQuery, type PageParams } from './paging.js';

export interface Org {
  id: number;
  name: string;
}

export interface OrgMember {
  orgId: number;
  userId: number;
  login: string;
  email: string;
  name: string;
  role: string;
  lastSeenAtAge: string;
  isDisabled: boolean;
}

export interface OrgMemberSearch {
  totalCount: number;
  orgUsers: OrgMember[];
  page: number;
  perPage: number;
}

/** Whose members a call is about: the current organization or one by id. */
export type OrgRef = 'current' | number;
const base = (org: OrgRef) => (org === 'current' ? '/api/org' : `/api/orgs/${org}`);

export const currentOrg = (signal?: AbortSignal) => get<Org>('/api/org', signal);
export const renameCurrentOrg = (name: string) => put('/api/org', { name });

export const listOrgs = (page: PageParams, signal?: AbortSignal) =>
  get<Org[]>(`/api/orgs${pageQuery(page)}`, signal);
export const listAllOrgs = (signal?: AbortSignal) => get<Org[]>('/api/orgs?perpage=1000', signal);
export const orgById = (id: string | number, signal?: AbortSignal) =>
  get<Org>(`/api/orgs/${seg(id)}`, signal);
export const createOrg = (name: string) => post<{ orgId: number }>('/api/orgs', { name });
export const renameOrg = (id: number, name: string) => put(`/api/orgs/${id}`, { name });
export const deleteOrg = (id: number) => del(`/api/orgs/${id}`);

export const searchOrgMembers = (org: OrgRef, page: PageParams, signal?: AbortSignal) =>
  get<OrgMemberSearch>(`${base(org)}/users/search${pageQuery(page)}`, signal);
export const addOrgMember = (org: OrgRef, loginOrEmail: string, role: string) =>
  post(`${base(org)}/users`, { loginOrEmail, role });
export const setOrgMemberRole = (org: OrgRef, userId: number, role: string) =>
  patch(`${base(org)}/users/${userId}`, { role });
export const removeOrgMember = (org: OrgRef, userId: number) => del(`${base(org)}/users/${userId}`);

/** Users of the current organization whose login, email or name starts with `query`. */
export interface OrgUserRef {
  userId: number;
  login: string;
}
export const lookupOrgUsers = (query: string, signal?: AbortSignal) =>
  get<OrgUserRef[]>(`/api/org/users/lookup?${new URLSearchParams({ query, limit: '20' })}`, signal);
