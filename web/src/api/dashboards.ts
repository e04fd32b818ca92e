/** Dashboards, folders, search, stars and annotations: the paths and wire shapes. */
import type { Static } from '@fastify/type-provider-typebox';
import type {
  SaveDashboardResponse,
  TagsResponse,
  VersionsResponse,
} from '../../../src/features/dashboards/dashboards.schema.js';
import type { ImportDashboardResponse } from '../../../src/features/dashboards/import/import.schema.js';
import type { DashboardMeta, DashboardModel } from '../lib/model.js';
import { del, get, post, query, seg } from './client.js';
import { tagSearchPath } from './search-paths.js';

export type SaveResult = Static<typeof SaveDashboardResponse>;
export type VersionsResult = Static<typeof VersionsResponse>;
export type ImportResult = Static<typeof ImportDashboardResponse>;
type TagCount = Static<typeof TagsResponse>[number];

export interface DashboardResponse {
  dashboard: DashboardModel;
  meta: DashboardMeta;
}

/** `/api/dashboards/home`: a redirect (the preference names a dashboard) or the default home. */
export interface HomeResponse {
  redirectUri?: string;
  dashboard?: DashboardModel;
  meta?: DashboardMeta;
}

export interface SearchHit {
  id: number;
  uid: string;
  title: string;
  url: string;
  type: 'dash-db' | 'dash-folder';
  tags: string[];
  isStarred: boolean;
  folderUid?: string;
  folderTitle?: string;
  folderUrl?: string;
}

export interface FolderJson {
  uid: string;
  title: string;
}

/** One side of a calculate-diff: a saved version, or the unsaved model against it. */
interface DiffSide {
  dashboardUid: string;
  version: number;
  unsavedDashboard?: DashboardModel;
}

export const dashboardByUid = (uid: string, signal?: AbortSignal) =>
  get<DashboardResponse>(`/api/dashboards/uid/${seg(uid)}`, signal);

export const homeDashboard = () => get<HomeResponse>('/api/dashboards/home');

export const postDashboard = (body: {
  dashboard: DashboardModel;
  folderUid: string;
  message?: string;
  overwrite?: boolean;
}) => post<SaveResult>('/api/dashboards/db', body);

/** Grafana's import: the server answers the model's `__inputs` with `inputs` and saves it. */
export const importDashboard = (body: {
  dashboard: DashboardModel;
  inputs: { name: string; type: string; pluginId?: string; value: string }[];
  folderUid: string;
  overwrite?: boolean;
}) => post<ImportResult>('/api/dashboards/import', body);

export const deleteDashboard = (uid: string) => del(`/api/dashboards/uid/${seg(uid)}`);

export const dashboardVersions = (uid: string) =>
  get<VersionsResult>(`/api/dashboards/uid/${seg(uid)}/versions`);

export const restoreVersion = (uid: string, version: number) =>
  post(`/api/dashboards/uid/${seg(uid)}/restore`, { version });

/** The server's HTML diff of two versions (or of the unsaved model). */
export const calculateDiff = (base: DiffSide, next: DiffSide, diffType: 'basic' | 'json') =>
  post<string>('/api/dashboards/calculate-diff', { base, new: next, diffType });

export const dashboardTags = () => get<TagCount[]>('/api/dashboards/tags');

/** `/api/search` with Grafana's parameters (`tag` may repeat). */
export function searchDashboards(params: URLSearchParams, signal?: AbortSignal): Promise<SearchHit[]> {
  const text = params.toString();
  return get<SearchHit[]>(`/api/search${text ? `?${text}` : ''}`, signal);
}

export const searchByTags = (tags: string[], signal?: AbortSignal) =>
  get<SearchHit[]>(tagSearchPath(tags), signal);

/** The folders directly under `parentUid` (top-level ones without it). */
export const listFolders = (parentUid: string | undefined, limit: number) =>
  get<FolderJson[]>(`/api/folders${query({ parentUid: parentUid || undefined, limit })}`);

export const starDashboard = (uid: string) => post(`/api/user/stars/dashboard/uid/${seg(uid)}`);
export const unstarDashboard = (uid: string) => del(`/api/user/stars/dashboard/uid/${seg(uid)}`);

/** An annotation as `/api/annotations` lists it (the fields the dashboard draws). */
interface AnnotationItem {
  time: number;
  timeEnd?: number;
  text?: string;
  tags?: string[];
}

export const dashboardAnnotations = (
  dashboardUID: string,
  range: { from: number; to: number },
  signal?: AbortSignal,
) =>
  get<AnnotationItem[]>(
    `/api/annotations${query({ from: range.from, to: range.to, dashboardUID, limit: 100 })}`,
    signal,
  );
