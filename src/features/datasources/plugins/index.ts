/** The data source plugin library: what the datasources feature's routes and services use. */
export type * from './types.js';
export {
  checkDataSourceHealth,
  executeQueryRequest,
  queryDataSource,
  queryResponseStatus,
} from './execute.js';
export type { DataSourceLookup } from './execute.js';
export { closeAllPools, dropDataSourcePools, getPlugin, listPlugins, pluginDisplay } from './registry.js';
export { dataSourceHeaders } from './http-client.js';
export { createEgressGuard, DEFAULT_EGRESS, type EgressGuard } from './egress.js';
