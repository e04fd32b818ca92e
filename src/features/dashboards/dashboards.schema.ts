import { Type } from '@fastify/type-provider-typebox';
import { Count, Id, LIMITS, Text } from '../../lib/limits.js';

export const UidParams = Type.Object({ uid: Type.String() });
/** `id` is a version number */
export const VersionParams = Type.Object({ uid: Type.String(), id: Id() });

export const SaveDashboardBody = Type.Object({
  // Any model: svc reads a few fields (validated in dashboard-model.ts) and stores the rest as sent.
  dashboard: Type.Object({}, { additionalProperties: true }),
  folderUid: Type.Optional(Type.Union([Text(LIMITS.uid), Type.Null()])),
  // Grafana compat: deprecated; 0 is the General folder.
  folderId: Type.Optional(Type.Union([Id(), Type.Null()])),
  message: Type.Optional(Text(LIMITS.dashboard.message)),
  overwrite: Type.Optional(Type.Boolean()),
});

export const SaveDashboardResponse = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  status: Type.String(),
  uid: Type.String(),
  url: Type.String(),
  version: Type.Integer(),
  folderUid: Type.String(),
});

export const DeleteDashboardResponse = Type.Object({
  title: Type.String(),
  message: Type.String(),
  uid: Type.String(),
});

export const VersionsQuery = Type.Object({
  limit: Type.Optional(Count()),
  /** the version number to start from (newest first); 0 or absent: the latest */
  start: Type.Optional(Id()),
});

const VersionDto = Type.Object({
  id: Type.Integer(),
  dashboardId: Type.Integer(),
  dashboardUid: Type.String(),
  uid: Type.String(),
  parentVersion: Type.Integer(),
  restoredFrom: Type.Integer(),
  version: Type.Integer(),
  created: Type.String(),
  createdBy: Type.String(),
  message: Type.String(),
});

export const VersionsResponse = Type.Object({
  versions: Type.Array(VersionDto),
  continueToken: Type.String(),
});

export const RestoreBody = Type.Object({ version: Id({ minimum: 1 }) });

export const TagsResponse = Type.Array(Type.Object({ term: Type.String(), count: Type.Integer() }));

const PermissionItem = Type.Object({
  userId: Type.Optional(Id()),
  teamId: Type.Optional(Id()),
  role: Type.Optional(Text(LIMITS.orgUser.role)),
  /** 1 View, 2 Edit, 4 Admin */
  permission: Type.Integer(),
});

export const UpdatePermissionsBody = Type.Object({ items: Type.Array(PermissionItem) });

const DiffSide = Type.Object({
  dashboardUid: Text(LIMITS.uid),
  version: Id(),
  unsavedDashboard: Type.Optional(Type.Object({}, { additionalProperties: true })),
});

export const CalculateDiffBody = Type.Object({
  base: DiffSide,
  new: DiffSide,
  diffType: Type.Optional(Type.Union([Type.Literal('basic'), Type.Literal('json')])),
});
