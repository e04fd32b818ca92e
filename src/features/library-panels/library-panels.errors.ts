import { defineError } from '../../http/errors.js';

// Grafana compat: the messages of its library element errors, verbatim.

export const elementNotFound = defineError(
  404,
  'libraryelements.not-found',
  'library element could not be found',
);
// Grafana compat: a taken name (in the folder) or uid is its 400, not a 409.
export const elementExists = defineError(
  400,
  'libraryelements.already-exists',
  'library element with that name or UID already exists',
);
export const versionMismatch = defineError(
  412,
  'libraryelements.version-mismatch',
  'the library element has been changed by someone else',
);
export const hasConnections = defineError(
  403,
  'libraryelements.has-connections',
  'the library element has connections',
);
export const unsupportedKind = defineError(
  400,
  'libraryelements.unsupported-kind',
  'the element kind is not supported',
);
export const invalidUid = defineError(400, 'libraryelements.invalid-uid', 'uid contains illegal characters');
export const uidTooLong = defineError(400, 'libraryelements.uid-too-long', 'uid too long, max 40 characters');
export const folderNotFound = defineError(400, 'libraryelements.folder-not-found', 'folder not found');
export const folderHasConnected = defineError(
  400,
  'libraryelements.folder-has-connected',
  'folder contains library elements that are linked in use',
);
/** A dashboard import's `__elements` entry that is not a library panel (the message names it). */
export const invalidImportedElement = defineError(
  400,
  'libraryelements.import-invalid',
  'an __elements entry of the imported dashboard is not a valid library panel',
);
