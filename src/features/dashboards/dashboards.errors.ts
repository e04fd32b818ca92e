import { defineError } from '../../http/errors.js';

// Grafana compat: dashboard save errors carry a `status` next to the message.
const withStatus = (httpStatus: number, status: string, text: string) => () =>
  defineError(httpStatus, undefined, text)(undefined, { status });

export const dashboardNotFound = defineError(404, undefined, 'Dashboard not found');
export const versionMismatch = withStatus(
  412,
  'version-mismatch',
  'The dashboard has been changed by someone else',
);
export const nameExists = withStatus(
  412,
  'name-exists',
  'A dashboard with the same name in the folder already exists',
);
export const emptyTitle = withStatus(400, 'empty-name', 'Dashboard title cannot be empty');
export const titleTooLong = withStatus(
  400,
  'title-too-long',
  'Dashboard title cannot contain more than 5 000 characters',
);
export const tagTooLong = withStatus(
  400,
  'tag-too-long',
  'Dashboard tag cannot contain more than 50 characters',
);
export const uidTooLong = defineError(400, undefined, 'uid too long, max 40 characters');
export const uidIllegal = defineError(400, undefined, 'uid contains illegal characters');
export const messageTooLong = defineError(400, undefined, 'message too long, max 500 characters');
export const folderPayload = defineError(400, undefined, 'Use folders endpoint for saving folders.');
export const saveFolderNotFound = defineError(400, undefined, 'folder not found');
export const sameUidExists = defineError(400, undefined, 'A dashboard with the same uid already exists');
export const cannotSaveProvisioned = defineError(400, undefined, 'Cannot save provisioned dashboard');
export const cannotDeleteProvisioned = defineError(400, undefined, 'provisioned dashboard cannot be deleted');
export const versionNotFound = (version: number, dashboardId: number) =>
  defineError(404, undefined, `Dashboard version ${version} not found for dashboardId ${dashboardId}`)();
export const identicalVersion = defineError(
  400,
  undefined,
  'Current dashboard is identical to the specified version',
);
export const invalidVersionId = defineError(400, undefined, 'id is invalid');
export const homeDashboardUnreadable = defineError(500, undefined, 'Failed to load home dashboard');
export const invalidPermissionItem = defineError(400, undefined, 'bad request data');
