import { lokiPlugin } from './loki/plugin.js';
import { prometheusPlugin } from './prometheus/plugin.js';
import { closeSqlPools, dropSqlPools } from './sql/drivers.js';
import { mysqlPlugin } from './sql/mysql.js';
import { postgresPlugin } from './sql/postgres.js';
import { testDataPlugin } from './testdata/plugin.js';
import type { DataSourcePlugin } from './types.js';

/**
 * Every plugin built into svc. Types listed only for their name and logo (no back-end code yet)
 * answer health checks with UNKNOWN.
 */
const BUILT_IN: DataSourcePlugin[] = [
  prometheusPlugin,
  lokiPlugin,
  postgresPlugin,
  mysqlPlugin,
  testDataPlugin,
  metaOnly('graphite', 'Graphite', 'graphite/img/graphite_logo.png'),
  metaOnly('influxdb', 'InfluxDB', 'influxdb/img/influxdb_logo.svg'),
  metaOnly('elasticsearch', 'Elasticsearch', 'elasticsearch/img/elasticsearch.svg'),
  metaOnly('tempo', 'Tempo', 'tempo/img/tempo_logo.svg'),
  metaOnly('jaeger', 'Jaeger', 'jaeger/img/jaeger_logo.svg'),
  metaOnly('zipkin', 'Zipkin', 'zipkin/img/zipkin-logo.svg'),
  metaOnly('mssql', 'Microsoft SQL Server', 'mssql/img/sql_server_logo.svg'),
  metaOnly('alertmanager', 'Alertmanager', 'alertmanager/img/logo.svg'),
  metaOnly('cloudwatch', 'CloudWatch', 'cloudwatch/img/amazon-web-services.png'),
];

function metaOnly(type: string, name: string, logo: string): DataSourcePlugin {
  return { type, name, logoUrl: `public/app/plugins/datasource/${logo}` };
}

const BY_TYPE = new Map<string, DataSourcePlugin>();
for (const plugin of BUILT_IN) {
  BY_TYPE.set(plugin.type, plugin);
  for (const alias of plugin.aliases ?? []) BY_TYPE.set(alias, plugin);
}

/** Grafana's logo for data sources of a type it has no plugin for. */
const UNKNOWN_TYPE_LOGO = 'public/img/icn-datasource.svg';

/** The plugin serving `type` (aliases included), or undefined for a type svc does not know. */
export function getPlugin(type: string): DataSourcePlugin | undefined {
  return BY_TYPE.get(type);
}

export function listPlugins(): DataSourcePlugin[] {
  return [...BUILT_IN];
}

/**
 * `typeName` / `typeLogoUrl` for data source lists. Grafana compat: an unknown type shows its
 * own id as name and the generic data source icon.
 */
export function pluginDisplay(type: string): { typeName: string; typeLogoUrl: string } {
  const plugin = getPlugin(type);
  return plugin
    ? { typeName: plugin.name, typeLogoUrl: plugin.logoUrl }
    : { typeName: type, typeLogoUrl: UNKNOWN_TYPE_LOGO };
}

/** Closes the connection pools of every SQL data source (shutdown, tests). */
export async function closeAllPools(): Promise<void> {
  await closeSqlPools();
}

/** Closes one data source's pools, e.g. after it was deleted or its settings changed. */
export async function dropDataSourcePools(uid: string): Promise<void> {
  await dropSqlPools(uid);
}
