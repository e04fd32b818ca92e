import { join } from 'node:path';
import type { FeatureDeps } from '../feature.js';
import { createDataSourceStats } from './datasource-stats.js';
import { registerDataSourcesRoutes } from './datasources.routes.js';
import { createDataSourcesService } from './datasources.service.js';
import { createDataSourcesStore } from './datasources.store.js';
import type { DataSourcesLookup } from './datasources.lookup.js';
import { closeAllPools, createEgressGuard, queryDataSource } from './plugins/index.js';
import { can } from '../../access/evaluator.js';
import { dataSourceTimeoutMs } from './call-options.js';
import { dataSourceScope } from './datasources.service.js';
import { createProxyForwarder } from './proxy.js';
import { registerProxyRoutes } from './proxy.routes.js';
import { provisionDataSources } from './provisioning.js';
import { registerQueryRoutes } from './query.routes.js';
import { createQueryService } from './query.service.js';

const ROW_CACHE_SIZE = 1_000;
const ROW_CACHE_TTL_MS = 10_000;
const ROWS_TOPIC = 'datasource-rows';

/** Data sources: CRUD with encrypted secrets, health, query, proxy and provisioning. */
export function registerDatasources(deps: FeatureDeps): DataSourcesLookup {
  const store = createDataSourcesStore(deps.db);
  const stats = createDataSourceStats({ store, metrics: deps.metrics, logger: deps.logger });
  const service = createDataSourcesService({
    store,
    secrets: deps.secrets,
    authorizer: deps.authorizer,
    resourcePermissions: deps.resourcePermissions,
    clock: deps.clock,
    egress: createEgressGuard(deps.config.security.dataSourceProxyWhitelist),
    // After the commit, not on the table-change event: that fires inside the transaction.
    afterWrite: () => void stats.refresh(),
  });

  deps.resourcePermissions.declareExistence(
    'datasources',
    async (orgId, uid) => (await store.byUid(orgId, uid)) !== undefined,
  );
  for (const prefix of ['datasources:name:', 'datasources:id:']) {
    deps.authorizer.addScopeResolver(prefix, (scope, identity) => service.uidScopeOf(identity.orgId, scope));
  }
  deps.hooks.onStart(() =>
    provisionDataSources({
      directory: join(deps.config.paths.provisioning, 'datasources'),
      homepath: deps.config.homepath,
      // Grafana compat: provisioning files expand environment variables ($VAR, ${VAR}).
      env: deps.config.env,
      service,
      store,
      logger: deps.logger,
    }),
  );
  deps.hooks.onStart(() => stats.refresh());
  const forwarder = createProxyForwarder({ metrics: deps.metrics });
  deps.hooks.onShutdown(async () => {
    forwarder.close();
    await closeAllPools();
  });

  registerDataSourcesRoutes(deps.api, service);
  registerQueryRoutes(deps.api, createQueryService({ datasources: service, store, clock: deps.clock }));
  registerProxyRoutes(deps.api, service, forwarder);

  // Rule evaluation asks for the same few data sources a thousand times a second: rows are kept
  // for a few seconds, dropped at once on a write here and, through the cache bus, on the other
  // instances; while the bus is not coherent (HA without Redis) another instance's edit applies
  // within the TTL.
  const rows = new Map<string, { row: Awaited<ReturnType<typeof store.byUid>>; until: number }>();
  const dropRows = () => rows.clear();
  deps.database.onTablesChanged(({ tables }) => {
    if (!tables.has('data_source')) return;
    dropRows();
    deps.cacheBus.publish(ROWS_TOPIC);
  });
  deps.cacheBus.subscribe(ROWS_TOPIC, dropRows);
  deps.cacheBus.onResync(dropRows);
  async function rowOf(orgId: number, uid: string) {
    const key = `${orgId}/${uid}`;
    const now = deps.clock.now();
    const cached = rows.get(key);
    if (cached && cached.until > now) return cached.row;
    const row = await store.byUid(orgId, uid);
    if (rows.size >= ROW_CACHE_SIZE) rows.clear();
    rows.set(key, { row, until: now + ROW_CACHE_TTL_MS });
    return row;
  }

  return {
    typeOf: async (orgId, uid) => (await store.byUid(orgId, uid))?.type,
    canQuery: (identity, uid) => service.can(identity, can('datasources:query', dataSourceScope(uid))),
    async query(orgId, uid, queries, range, signal) {
      const row = await rowOf(orgId, uid);
      if (!row) {
        return Object.fromEntries(
          queries.map((q) => [q.refId, { status: 404, frames: [], error: `data source ${uid} not found` }]),
        );
      }
      const ds = await service.settings(row);
      return queryDataSource(ds, queries, range, { timeoutMs: dataSourceTimeoutMs(ds.jsonData), signal });
    },
  };
}
