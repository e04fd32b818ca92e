import { defineError } from '../../http/errors.js';

export const snapshotNotFound = defineError(404, 'snapshot.not-found', 'Snapshot not found');
// Grafana compat: its answer when external snapshots are off (svc has no external snapshot server).
export const externalSnapshotsDisabled = defineError(
  403,
  'snapshot.external-disabled',
  'External dashboard creation is disabled',
);
export const snapshotKeyTaken = defineError(
  409,
  'snapshot.key-taken',
  'A snapshot with this key already exists',
);
export const snapshotAccessDenied = defineError(
  403,
  'snapshot.access-denied',
  'Access denied to this snapshot',
);
