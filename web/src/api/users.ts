/** Users as server administrators (and org admins) manage them. */
import type { Static } from '@fastify/type-provider-typebox';
import type { CreateUserBody, UpdateProfileBody } from '../../../src/features/users/users.schema.js';
import { del, get, post, put, seg } from './client.js';
import { pageQuery, type PageParams } from './paging.js';

export interface UserHit {
  id: number;
  uid: string;
  name: string;
  login: string;
  email: string;
  isAdmin: boolean;
  isDisabled: boolean;
  lastSeenAtAge: string;
}

export interface UserSearch {
  totalCount: number;
  users: UserHit[];
  page: number;
  perPage: number;
}

export interface UserDetail {
  id: number;
  uid: string;
  name: string;
  login: string;
  email: string;
  theme: string;
  orgId: number;
  isServerAdmin: boolean;
  isGrafanaAdmin: boolean;
  isDisabled: boolean;
  isExternal: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UserOrgRow {
  orgId: number;
  name: string;
  role: string;
}

export interface AuthSession {
  id: number;
  isActive: boolean;
  clientIp: string;
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  device: string;
  createdAt: string;
  seenAt: string;
}

export const searchUsers = (page: PageParams, signal?: AbortSignal) =>
  get<UserSearch>(`/api/users/search${pageQuery(page)}`, signal);
export const userById = (id: string | number, signal?: AbortSignal) =>
  get<UserDetail>(`/api/users/${seg(id)}`, signal);
export const updateUser = (id: number, body: Static<typeof UpdateProfileBody>) =>
  put(`/api/users/${id}`, body);
export const userOrgs = (id: number, signal?: AbortSignal) =>
  get<UserOrgRow[]>(`/api/users/${id}/orgs`, signal);

export const createUser = (body: Static<typeof CreateUserBody>) =>
  post<{ id: number }>('/api/admin/users', body);
export const deleteUser = (id: number) => del(`/api/admin/users/${id}`);
export const enableUser = (id: number) => post(`/api/admin/users/${id}/enable`);
export const disableUser = (id: number) => post(`/api/admin/users/${id}/disable`);
export const setUserServerAdmin = (id: number, isGrafanaAdmin: boolean) =>
  put(`/api/admin/users/${id}/permissions`, { isGrafanaAdmin });
export const setUserPassword = (id: number, password: string) =>
  put(`/api/admin/users/${id}/password`, { password });
export const userSessions = (id: number, signal?: AbortSignal) =>
  get<AuthSession[]>(`/api/admin/users/${id}/auth-tokens`, signal);
export const revokeUserSession = (id: number, authTokenId: number) =>
  post(`/api/admin/users/${id}/revoke-auth-token`, { authTokenId });
export const logoutUser = (id: number) => post(`/api/admin/users/${id}/logout`);
