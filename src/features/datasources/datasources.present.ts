import type { DataSourceDto, DataSourceListItem } from './datasources.schema.js';
import { parseJsonObject, secureFieldsOf } from './datasources.service.js';
import type { DataSourceRow } from './datasources.store.js';
import { pluginDisplay } from './plugins/index.js';

/** A list entry: Grafana's shape, with no secrets, basicAuthUser or version. */
export function presentListItem(row: DataSourceRow): DataSourceListItem {
  const { typeName, typeLogoUrl } = pluginDisplay(row.type);
  return {
    id: row.id,
    uid: row.uid,
    orgId: row.org_id,
    name: row.name,
    type: row.type,
    typeName,
    typeLogoUrl,
    access: row.access,
    url: row.url,
    user: row.user,
    database: row.database,
    basicAuth: row.basic_auth === 1,
    isDefault: row.is_default === 1,
    jsonData: parseJsonObject(row.json_data),
    readOnly: row.read_only === 1,
  };
}

/** The full DTO: secrets appear only as `secureJsonFields: {name: true}`. */
export function presentDataSource(
  row: DataSourceRow,
  accessControl?: Record<string, boolean>,
): DataSourceDto {
  return {
    id: row.id,
    uid: row.uid,
    orgId: row.org_id,
    name: row.name,
    type: row.type,
    typeLogoUrl: pluginDisplay(row.type).typeLogoUrl,
    access: row.access,
    url: row.url,
    user: row.user,
    database: row.database,
    basicAuth: row.basic_auth === 1,
    basicAuthUser: row.basic_auth_user,
    withCredentials: row.with_credentials === 1,
    isDefault: row.is_default === 1,
    jsonData: parseJsonObject(row.json_data),
    secureJsonFields: secureFieldsOf(row),
    version: row.version,
    readOnly: row.read_only === 1,
    ...(accessControl ? { accessControl } : {}),
  };
}
