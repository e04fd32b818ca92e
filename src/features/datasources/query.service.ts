import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { can } from '../../access/evaluator.js';
import { dataSourceTimeoutMs } from './call-options.js';
import { dataSourceScope, type DataSourceRef, type DataSourcesService } from './datasources.service.js';
import { badQueryRequest, queryAccessDenied, queryDataSourceNotFound } from './datasources.errors.js';
import type { DataSourcesStore } from './datasources.store.js';
import {
  checkDataSourceHealth,
  executeQueryRequest,
  type DataQuery,
  type DataSourceLookup,
  type HealthResult,
  type QueryRequest,
  type QueryResults,
} from './plugins/index.js';

/** Health checks and `/api/ds/query`: settings from the data sources service, work by the plugins. */
export function createQueryService(deps: {
  datasources: DataSourcesService;
  store: DataSourcesStore;
  clock: Clock;
}) {
  const { datasources, store } = deps;

  /** Grafana compat: deprecated `datasourceId` still names the data source when no uid is given. */
  async function withUids(orgId: number, queries: DataQuery[]): Promise<DataQuery[]> {
    return Promise.all(
      queries.map(async (query) => {
        if (query.datasource?.uid || typeof query.datasourceId !== 'number') return query;
        const uid = await store.uidOfId(orgId, query.datasourceId);
        if (!uid) throw queryDataSourceNotFound();
        return { ...query, datasource: { ...query.datasource, uid } };
      }),
    );
  }

  return {
    async health(orgId: number, ref: DataSourceRef, signal: AbortSignal): Promise<HealthResult> {
      const row = await datasources.find(orgId, ref);
      const settings = await datasources.settings(row);
      return checkDataSourceHealth(settings, { timeoutMs: dataSourceTimeoutMs(settings.jsonData), signal });
    },

    /** Every data source is resolved and checked (`datasources:query`) before any query runs. */
    async query(
      identity: Identity,
      request: QueryRequest,
      signal: AbortSignal,
    ): Promise<{ status: 200 | 207; body: { results: QueryResults } }> {
      const queries = Array.isArray(request.queries) ? await withUids(identity.orgId, request.queries) : [];
      const resolved = new Map<string, DataSourceLookup>();
      for (const uid of new Set(queries.map((q) => q.datasource?.uid).filter((u) => typeof u === 'string'))) {
        if (uid === '') continue;
        const row = await store.byUid(identity.orgId, uid);
        if (!row) throw queryDataSourceNotFound();
        if (!(await datasources.can(identity, can('datasources:query', dataSourceScope(uid))))) {
          throw queryAccessDenied();
        }
        const ds = await datasources.settings(row);
        resolved.set(uid, { ok: true, ds, timeoutMs: dataSourceTimeoutMs(ds.jsonData) });
      }
      const outcome = await executeQueryRequest(
        { ...request, queries },
        (uid) =>
          Promise.resolve(resolved.get(uid) ?? { ok: false, status: 404, message: 'Data source not found' }),
        { signal, now: deps.clock.now() },
      );
      if (!outcome.ok) throw badQueryRequest(outcome.message);
      return { status: outcome.status, body: outcome.body };
    },
  };
}

export type QueryService = ReturnType<typeof createQueryService>;
