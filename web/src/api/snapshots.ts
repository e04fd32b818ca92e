/** Dashboard snapshots: a model with its panels' data frozen in it (`snapshotData`). */
import type { DashboardMeta, DashboardModel } from '../lib/model.js';
import { get, seg } from './client.js';

export interface SnapshotResponse {
  dashboard: DashboardModel;
  meta: DashboardMeta & { isSnapshot?: boolean; created?: string; expires?: string };
}

export const snapshotByKey = (key: string, signal?: AbortSignal) =>
  get<SnapshotResponse>(`/api/snapshots/${seg(key)}`, signal);
