import { defineError } from '../../../http/errors.js';

export const folderNotFound = defineError(404, 'folder.notFound', 'folder not found');
export const folderTitleEmpty = defineError(400, undefined, 'folder title cannot be empty');
export const folderUidTaken = defineError(409, undefined, 'a folder with the same uid already exists');
export const folderTitleTaken = defineError(
  409,
  undefined,
  'a folder with the same name already exists in the current location',
);
export const folderVersionMismatch = () =>
  defineError(
    412,
    undefined,
    'the folder has been changed by someone else',
  )(undefined, { status: 'version-mismatch' });
export const circularReference = defineError(400, 'folder.circular-reference', 'Circular reference detected');
export const maximumDepth = defineError(
  400,
  'folder.maximum-depth-reached',
  'Maximum nested folder depth reached',
);
export const parentNotFound = defineError(400, 'folder.parent-not-found', 'parent folder not found');
export const folderHasProvisioned = defineError(
  400,
  undefined,
  'folder contains provisioned dashboards and cannot be deleted',
);
