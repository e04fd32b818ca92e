import { defineError } from '../../../http/errors.js';

export const folderNotFound = defineError(404, 'folder.notFound', 'folder not found');
export const invalidFolderId = defineError(400, 'folder.invalid-id', 'id is invalid');
export const folderTitleEmpty = defineError(400, 'folder.empty-title', 'folder title cannot be empty');
export const folderUidTaken = defineError(
  409,
  'folder.uid-taken',
  'a folder with the same uid already exists',
);
export const folderTitleTaken = defineError(
  409,
  'folder.title-taken',
  'a folder with the same name already exists in the current location',
);
export const folderVersionMismatch = defineError(
  412,
  'folder.version-mismatch',
  'the folder has been changed by someone else',
  { status: 'version-mismatch' },
);
export const circularReference = defineError(400, 'folder.circular-reference', 'Circular reference detected');
export const maximumDepth = defineError(
  400,
  'folder.maximum-depth-reached',
  'Maximum nested folder depth reached',
);
export const parentNotFound = defineError(400, 'folder.parent-not-found', 'parent folder not found');
export const folderHasProvisioned = defineError(
  400,
  'folder.has-provisioned-dashboards',
  'folder contains provisioned dashboards and cannot be deleted',
);
