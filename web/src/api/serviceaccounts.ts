/** Service accounts of the current organization and their tokens. */
import type {
  CreateServiceAccountBody,
  CreateTokenBody,
  UpdateServiceAccountBody,
} from '../../../src/features/serviceaccounts/serviceaccounts.schema.js';
import { del, get, patch, post, seg } from './client.js';
import { pageQuery, type PageParams } from './paging.js';

export interface ServiceAccount {
  id: number;
  uid: string;
  name: string;
  login: string;
  role: string;
  isDisabled: boolean;
  tokens: number;
}

export interface ServiceAccountSearch {
  totalCount: number;
  serviceAccounts: ServiceAccount[];
  page: number;
  perPage: number;
}

export interface ServiceAccountToken {
  id: number;
  name: string;
  created: string;
  lastUsedAt: string | null;
  expiration: string | null;
  hasExpired: boolean;
}

export const searchServiceAccounts = (page: PageParams, signal?: AbortSignal) =>
  get<ServiceAccountSearch>(`/api/serviceaccounts/search${pageQuery(page)}`, signal);
export const serviceAccountById = (id: string | number, signal?: AbortSignal) =>
  get<ServiceAccount>(`/api/serviceaccounts/${seg(id)}`, signal);
export const createServiceAccount = (body: CreateServiceAccountBody) =>
  post<ServiceAccount>('/api/serviceaccounts', body);
export const updateServiceAccount = (id: number, body: UpdateServiceAccountBody) =>
  patch(`/api/serviceaccounts/${id}`, body);
export const deleteServiceAccount = (id: number) => del(`/api/serviceaccounts/${id}`);

export const serviceAccountTokens = (id: string | number, signal?: AbortSignal) =>
  get<ServiceAccountToken[]>(`/api/serviceaccounts/${seg(id)}/tokens`, signal);
export const createServiceAccountToken = (id: number, body: CreateTokenBody) =>
  post<{ key: string }>(`/api/serviceaccounts/${id}/tokens`, body);
export const deleteServiceAccountToken = (id: number, tokenId: number) =>
  del(`/api/serviceaccounts/${id}/tokens/${tokenId}`);
