import { Type } from 'typebox';
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

const versionFields = {
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
};
const VersionDto = Type.Object(versionFields);

export const VersionsResponse = Type.Object({
  versions: Type.Array(VersionDto),
  continueToken: Type.String(),
});

/**
 * A dashboard model as stored: svc validates a few fields on save and keeps the rest as sent, so
 * the answer holds whatever the client saved.
 */
const DashboardModel = Type.Object({}, { additionalProperties: true });

/**
 * One version with its model (`data`). The route sends pre-serialised text (the stored model is
 * spliced in unparsed), so this schema documents the answer and Fastify does not re-serialise it.
 */
export const VersionWithDataResponse = Type.Object({ ...versionFields, data: DashboardModel });

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

/** `{message}`: the answer of star, unstar and permission updates. */
export const MessageResponse = Type.Object({ message: Type.String() });

const AnnotationPermission = Type.Object({
  canAdd: Type.Boolean(),
  canEdit: Type.Boolean(),
  canDelete: Type.Boolean(),
});

/** The meta of `GET /api/dashboards/uid/{uid}` (SPEC's dashboard meta, plus Grafana's other fields). */
const DashboardMeta = Type.Object({
  type: Type.Literal('db'),
  canSave: Type.Boolean(),
  canEdit: Type.Boolean(),
  canAdmin: Type.Boolean(),
  canStar: Type.Boolean(),
  canDelete: Type.Boolean(),
  slug: Type.String(),
  url: Type.String(),
  /** Grafana's zero time: svc's dashboards never expire */
  expires: Type.String(),
  created: Type.String(),
  updated: Type.String(),
  updatedBy: Type.String(),
  createdBy: Type.String(),
  version: Type.Integer(),
  hasAcl: Type.Boolean(),
  isFolder: Type.Boolean(),
  folderId: Type.Integer(),
  folderUid: Type.String(),
  folderTitle: Type.String(),
  folderUrl: Type.String(),
  provisioned: Type.Boolean(),
  provisionedExternalId: Type.String(),
  annotationsPermissions: Type.Object({
    dashboard: AnnotationPermission,
    organization: AnnotationPermission,
  }),
  publicDashboardEnabled: Type.Boolean(),
  isStarred: Type.Boolean(),
});

/**
 * `{meta, dashboard}`. The hot path sends it as pre-serialised text (the stored model spliced in
 * unparsed, docs/PERFORMANCE.md): Fastify sends a string with a JSON content type as it is, so
 * this schema documents the answer without re-serialising it.
 */
export const DashboardResponse = Type.Object({ meta: DashboardMeta, dashboard: DashboardModel });

/** The built-in (or configured) home dashboard's meta. */
const HomeMeta = Type.Object({
  isHome: Type.Literal(true),
  canSave: Type.Boolean(),
  canEdit: Type.Boolean(),
  canStar: Type.Boolean(),
  canAdmin: Type.Boolean(),
  canDelete: Type.Boolean(),
  slug: Type.String(),
  url: Type.String(),
  expires: Type.String(),
  created: Type.String(),
  updated: Type.String(),
  version: Type.Integer(),
  folderId: Type.Integer(),
  folderUid: Type.String(),
  folderTitle: Type.String(),
  folderUrl: Type.String(),
  provisioned: Type.Boolean(),
  isStarred: Type.Boolean(),
});

/**
 * The home dashboard, or where the caller's preferred home dashboard is (Grafana's redirect).
 * Sent as pre-serialised text like the dashboard read: documented, not re-serialised.
 */
export const HomeResponse = Type.Union([
  Type.Object({ meta: HomeMeta, dashboard: DashboardModel }),
  Type.Object({ redirectUri: Type.String() }),
]);

/** The uids of the dashboards the caller starred. */
export const StarsResponse = Type.Array(Type.String());

/**
 * One grant of Grafana's legacy dashboard/folder permission list: a user, a team or a built-in
 * role (the others' fields are 0 or empty), its level, and the resource it is on (the folder it is
 * inherited from when `inherited`).
 */
const LegacyPermission = Type.Object({
  dashboardId: Type.Integer(),
  /** on folders: the folder's id and uid */
  folderId: Type.Optional(Type.Integer()),
  folderUid: Type.Optional(Type.String()),
  userId: Type.Integer(),
  userLogin: Type.String(),
  userEmail: Type.String(),
  teamId: Type.Integer(),
  team: Type.String(),
  teamEmail: Type.String(),
  /** a built-in role's grant: Viewer, Editor or Admin */
  role: Type.Optional(Type.String()),
  /** 1 View, 2 Edit, 4 Admin */
  permission: Type.Integer(),
  permissionName: Type.String(),
  uid: Type.String(),
  title: Type.String(),
  slug: Type.String(),
  isFolder: Type.Boolean(),
  url: Type.String(),
  inherited: Type.Boolean(),
});

export const PermissionsResponse = Type.Array(LegacyPermission);
