import { defineError } from '../../http/errors.js';

// Grafana compat: dashboard save errors carry a `status` next to the message.

export const dashboardNotFound = defineError(404, 'dashboard.not-found', 'Dashboard not found');
export const versionMismatch = defineError(
  412,
  'dashboard.version-mismatch',
  'The dashboard has been changed by someone else',
  { status: 'version-mismatch' },
);
export const nameExists = defineError(
  412,
  'dashboard.name-exists',
  'A dashboard with the same name in the folder already exists',
  { status: 'name-exists' },
);
export const emptyTitle = defineError(400, 'dashboard.empty-name', 'Dashboard title cannot be empty', {
  status: 'empty-name',
});
export const titleTooLong = defineError(
  400,
  'dashboard.title-too-long',
  'Dashboard title cannot contain more than 5 000 characters',
  { status: 'title-too-long' },
);
export const tagTooLong = defineError(
  400,
  'dashboard.tag-too-long',
  'Dashboard tag cannot contain more than 50 characters',
  { status: 'tag-too-long' },
);
export const uidTooLong = defineError(400, 'dashboard.uid-too-long', 'uid too long, max 40 characters');
export const uidIllegal = defineError(400, 'dashboard.uid-invalid', 'uid contains illegal characters');
export const messageTooLong = defineError(
  400,
  'dashboard.message-too-long',
  'message too long, max 500 characters',
);
export const folderPayload = defineError(
  400,
  'dashboard.folder-payload',
  'Use folders endpoint for saving folders.',
);
export const saveFolderNotFound = defineError(400, 'dashboard.folder-not-found', 'folder not found');
export const sameUidExists = defineError(
  400,
  'dashboard.uid-exists',
  'A dashboard with the same uid already exists',
);
export const cannotSaveProvisioned = defineError(
  400,
  'dashboard.provisioned-save',
  'Cannot save provisioned dashboard',
);
export const cannotDeleteProvisioned = defineError(
  400,
  'dashboard.provisioned-delete',
  'provisioned dashboard cannot be deleted',
);
const versionNotFoundKind = defineError(404, 'dashboard.version-not-found', 'Dashboard version not found');
export const versionNotFound = (version: number, dashboardId: number) =>
  versionNotFoundKind(`Dashboard version ${version} not found for dashboardId ${dashboardId}`);
export const identicalVersion = defineError(
  400,
  'dashboard.identical-version',
  'Current dashboard is identical to the specified version',
);
export const invalidVersionId = defineError(400, 'dashboard.invalid-version-id', 'id is invalid');
export const invalidDashboardId = defineError(400, 'dashboard.invalid-id', 'dashboardId is invalid');
export const invalidPermissionItem = defineError(
  400,
  'dashboard.invalid-permission-item',
  'bad request data',
);
export const permissionUserNotFound = defineError(
  400,
  'dashboard.permission-user-not-found',
  'Failed to update permissions: user not found',
);
export const permissionTeamNotFound = defineError(
  400,
  'dashboard.permission-team-not-found',
  'Failed to update permissions: team not found',
);
