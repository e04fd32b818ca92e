import type { FeatureDeps } from '../feature.js';
import { createDataSourceStats } from './datasource-stats.js';
import { registerDataSourcesRoutes } from './datasources.routes.js';
import { createDataSourcesService } from './datasources.service.js';
import { createDataSourcesStore } from './datasources.store.js';
import { closeAllPools } from './plugins/index.js';

/** Data sources: CRUD with encrypted secrets, health, query, proxy and provisioning. */
export function registerDatasources(deps: FeatureDeps): void {
  const store = createDataSourcesStore(deps.db);
  const service = createDataSourcesService({
    store,
    secrets: deps.secrets,
    authorizer: deps.authorizer,
    resourcePermissions: deps.resourcePermissions,
    clock: deps.clock,
  });
  const stats = createDataSourceStats({ store, metrics: deps.metrics, logger: deps.logger });

  for (const prefix of ['datasources:name:', 'datasources:id:']) {
    deps.authorizer.addScopeResolver(prefix, (scope, identity) => service.uidScopeOf(identity.orgId, scope));
  }
  deps.database.onTablesChanged((change) => {
    if (change.tables.has('data_source')) void stats.refresh();
  });
  deps.hooks.onStart(() => stats.refresh());
  deps.hooks.onShutdown(() => closeAllPools());

  registerDataSourcesRoutes(deps.api, service);
}
