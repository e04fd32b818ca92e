import { Type } from 'typebox';
import { Count, LIMITS, Text } from '../../lib/limits.js';

/** Keys go into links: the characters of a uid, up to an indexed column's length. */
const Key = () => Text(LIMITS.snapshot.key, { minLength: 1, pattern: '^[a-zA-Z0-9_-]+$' });

/** 100 years: beyond it an expiry would not fit the column or a JavaScript Date. */
const MAX_EXPIRES_SECONDS = 100 * 365 * 24 * 3600;

export const CreateSnapshotBody = Type.Object({
  // The model with each panel's frozen data (`snapshotData`), stored as sent.
  dashboard: Type.Object({}, { additionalProperties: true }),
  name: Type.Optional(Text(LIMITS.snapshot.name)),
  /** seconds until it expires; 0 or absent: never */
  expires: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_EXPIRES_SECONDS })),
  external: Type.Optional(Type.Boolean()),
  key: Type.Optional(Key()),
  deleteKey: Type.Optional(Key()),
});

export const CreateSnapshotResponse = Type.Object({
  key: Type.String(),
  deleteKey: Type.String(),
  url: Type.String(),
  deleteUrl: Type.String(),
  id: Type.Integer(),
});

export const KeyParams = Type.Object({ key: Type.String() });
export const DeleteKeyParams = Type.Object({ deleteKey: Type.String() });

export const SearchSnapshotsQuery = Type.Object({
  query: Type.Optional(Type.String()),
  limit: Type.Optional(Count()),
});

export const SnapshotListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  key: Type.String(),
  orgId: Type.Integer(),
  userId: Type.Integer(),
  external: Type.Boolean(),
  externalUrl: Type.String(),
  expires: Type.String(),
  created: Type.String(),
  updated: Type.String(),
});

export const DeletedResponse = Type.Object({ message: Type.String(), id: Type.Integer() });

const SnapshotMeta = Type.Object({
  type: Type.Literal('snapshot'),
  isSnapshot: Type.Boolean(),
  canSave: Type.Boolean(),
  canEdit: Type.Boolean(),
  canAdmin: Type.Boolean(),
  canStar: Type.Boolean(),
  canDelete: Type.Boolean(),
  slug: Type.String(),
  url: Type.String(),
  /** ISO 8601 */
  created: Type.String(),
  updated: Type.String(),
  expires: Type.String(),
});

/**
 * GET /api/snapshots/:key: Grafana's `{dashboard, meta}`. The route sends it as JSON text (the
 * stored model is not parsed and re-encoded), which Fastify passes through without this schema's
 * serializer: the schema documents the answer.
 */
export const SnapshotResponse = Type.Object({
  // the model with its frozen panel data, as the client stored it
  dashboard: Type.Object({}, { additionalProperties: true }),
  meta: SnapshotMeta,
});
