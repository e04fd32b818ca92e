import { defineError } from '../../http/errors.js';

// Grafana's messages (pkg/api/datasources.go, pkg/services/datasources/errors.go), word for word:
// "Datasource added" but "Data source deleted", lower-case "data source" in conflicts.

export const dataSourceNotFound = defineError(404, undefined, 'Data source not found');
export const nameTaken = defineError(409, undefined, 'data source with the same name already exists');
export const uidTaken = defineError(409, undefined, 'data source with the same uid already exists');
export const nameTakenOnUpdate = defineError(
  409,
  undefined,
  'Failed to update datasource: data source with the same name already exists',
);
export const staleVersion = defineError(
  409,
  undefined,
  'Datasource has already been updated by someone else. Please reload and try again',
);
export const readOnlyUpdate = defineError(403, undefined, 'Cannot update read-only data source');
export const readOnlyDelete = defineError(403, undefined, 'Cannot delete read-only data source');
export const idInvalid = defineError(400, undefined, 'id is invalid');
export const uidPathInvalid = defineError(400, undefined, 'UID is invalid');
export const versionInvalid = defineError(400, undefined, 'version is invalid');

// Grafana's errutil validation errors: {message, messageId, statusCode}.
const validationError = (messageId: string, text: string) => () =>
  defineError(400, messageId, text)(undefined, { statusCode: 400 });
export const nameInvalid = validationError('datasource.nameInvalid', 'Invalid datasource name.');
export const urlInvalid = validationError('datasource.urlInvalid', 'Invalid datasource url.');
export const uidInvalid = validationError('datasource.uidInvalid', 'Invalid datasource uid.');
export const invalidUrl = (url: string) =>
  defineError(400, undefined, `Validation error, invalid URL: ${JSON.stringify(url)}`)();

export const directAccess = defineError(
  400,
  undefined,
  'This data source uses direct (browser) access and cannot be used through the proxy',
);
export const proxyNotFound = defineError(404, undefined, 'Unable to find datasource');
export const proxyPathInvalid = defineError(400, undefined, 'Invalid proxy path');
