import { defineError } from '../../http/errors.js';

// Grafana's messages (pkg/api/datasources.go, pkg/services/datasources/errors.go), word for word:
// "Datasource added" but "Data source deleted", lower-case "data source" in conflicts.

export const dataSourceNotFound = defineError(404, 'datasource.not-found', 'Data source not found');
export const nameTaken = defineError(
  409,
  'datasource.name-exists',
  'data source with the same name already exists',
);
export const uidTaken = defineError(
  409,
  'datasource.uid-exists',
  'data source with the same uid already exists',
);
export const nameTakenOnUpdate = defineError(
  409,
  'datasource.name-exists',
  'Failed to update datasource: data source with the same name already exists',
);
export const staleVersion = defineError(
  409,
  'datasource.version-conflict',
  'Datasource has already been updated by someone else. Please reload and try again',
);
export const readOnlyUpdate = defineError(403, 'datasource.read-only', 'Cannot update read-only data source');
export const readOnlyDelete = defineError(403, 'datasource.read-only', 'Cannot delete read-only data source');
export const idInvalid = defineError(400, 'datasource.invalid-id', 'id is invalid');
export const uidPathInvalid = defineError(400, 'datasource.invalid-uid', 'UID is invalid');
export const versionInvalid = defineError(400, 'datasource.invalid-version', 'version is invalid');

// Grafana's errutil validation errors: {message, messageId, statusCode}.
export const nameInvalid = defineError(400, 'datasource.nameInvalid', 'Invalid datasource name.', {
  statusCode: 400,
});
export const urlInvalid = defineError(400, 'datasource.urlInvalid', 'Invalid datasource url.', {
  statusCode: 400,
});
export const uidInvalid = defineError(400, 'datasource.uidInvalid', 'Invalid datasource uid.', {
  statusCode: 400,
});
const invalidUrlKind = defineError(400, 'datasource.invalid-url', 'Validation error, invalid URL');
export const invalidUrl = (url: string) =>
  invalidUrlKind(`Validation error, invalid URL: ${JSON.stringify(url)}`);

export const directAccess = defineError(
  400,
  'datasource.direct-access',
  'This data source uses direct (browser) access and cannot be used through the proxy',
);
export const proxyNotFound = defineError(404, 'datasource.proxy-not-found', 'Unable to find datasource');
/** Grafana's 403 for a host outside data_source_proxy_whitelist; also a link-local/metadata host. */
const proxyHostRefusedKind = defineError(403, 'datasource.proxy-host-refused', 'Data source host refused');
export const proxyHostRefused = (message: string) => proxyHostRefusedKind(message);
export const proxyPathInvalid = defineError(400, 'datasource.invalid-proxy-path', 'Invalid proxy path');
const invalidProxyUrlKind = defineError(400, 'datasource.invalid-proxy-url', 'Invalid data source URL');
export const invalidProxyUrl = (url: string) =>
  invalidProxyUrlKind(`Invalid data source URL: ${JSON.stringify(url)}`);

// Grafana's handleQueryMetricsError: a data source the caller cannot use fails the whole request.
export const queryAccessDenied = defineError(403, 'query.access-denied', 'Access denied to data source');
export const queryDataSourceNotFound = defineError(404, 'datasource.not-found', 'Data source not found');
/** `/api/ds/query` whose request itself is bad (no queries, a bad time range), worded by the plugins. */
export const badQueryRequest = defineError(400, 'query.bad-request', 'Bad query request');
