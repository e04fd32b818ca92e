import type { DataSourceInfo } from '../api/datasources.js';
import { listDataSources } from '../api/datasources.js';

let cached: { orgKey: string; promise: Promise<DataSourceInfo[]> } | undefined;

/** The org's data sources, fetched once per page load and org (a failure is retried next time). */
export function loadDataSources(orgId: number): Promise<DataSourceInfo[]> {
  const orgKey = String(orgId);
  if (cached?.orgKey !== orgKey) {
    const promise = listDataSources().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    cached = { orgKey, promise };
  }
  return cached.promise;
}
