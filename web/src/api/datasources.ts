/** Data sources: CRUD, health, the query endpoint and the proxy. */
import type { Static } from '@fastify/type-provider-typebox';
import type {
  CreateDataSourceBody,
  CreatedResponse,
  DataSourceBody,
  DataSourceDto,
  DataSourceListItem,
  QueryBody,
  UpdatedResponse,
} from '../../../src/features/datasources/datasources.schema.js';
import type { QueryResponseJson } from '../lib/frames.js';
import { del, get, post, put, seg } from './client.js';

export type { DataSourceBody, DataSourceDto, DataSourceListItem };

/** What the dashboard side needs of a data source (a view of the list item). */
export type DataSourceInfo = Pick<DataSourceListItem, 'id' | 'uid' | 'name' | 'type' | 'isDefault'>;

/** `GET /api/datasources/uid/:uid/health` (HTTP 400 when not OK, with the same body). */
export interface HealthResult {
  /** 'OK', 'ERROR' or 'UNKNOWN' */
  status: string;
  message: string;
}

export const listDataSources = (signal?: AbortSignal) =>
  get<DataSourceListItem[]>('/api/datasources', signal);

export const dataSourceByUid = (uid: string) => get<DataSourceDto>(`/api/datasources/uid/${seg(uid)}`);

export const createDataSource = (body: Static<typeof CreateDataSourceBody>) =>
  post<Static<typeof CreatedResponse>>('/api/datasources', body);

export const updateDataSource = (uid: string, body: DataSourceBody) =>
  put<Static<typeof UpdatedResponse>>(`/api/datasources/uid/${seg(uid)}`, body);

export const deleteDataSource = (uid: string) => del(`/api/datasources/uid/${seg(uid)}`);

export const dataSourceHealth = (uid: string) => get<HealthResult>(`/api/datasources/uid/${seg(uid)}/health`);

/** `/api/ds/query`: a 207 (some queries failed) still carries every result. */
export const queryData = (body: QueryBody, signal?: AbortSignal) =>
  post<QueryResponseJson>('/api/ds/query', body, signal);

/** Prometheus' metric names through the data source proxy. */
export const prometheusMetricNames = (uid: string, signal?: AbortSignal) =>
  get<{ status?: string; data?: string[] }>(
    `/api/datasources/proxy/uid/${seg(uid)}/api/v1/label/__name__/values`,
    signal,
  );
