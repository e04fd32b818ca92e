/** The data source plugin library: what the datasources feature's routes and services use. */
export type * from './types.js';
export {
  checkDataSourceHealth,
  executeQueryRequest,
  queryDataSource,
  queryResponseStatus,
} from './execute.js';
export type { DataSourceLookup, QueryRequestOutcome } from './execute.js';
export {
  closeAllPools,
  dropDataSourcePools,
  getPlugin,
  listPlugins,
  pluginDisplay,
  UNKNOWN_TYPE_LOGO,
} from './registry.js';
export { InvalidTimeError, parseTimeRange } from './time-range.js';
export { customHeaders, dataSourceHeaders, joinUrl } from './http-client.js';
export { DEFAULT_TIMEOUT_MS } from './deadline.js';
