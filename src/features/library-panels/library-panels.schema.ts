import { Type, type Static } from 'typebox';
import { Count, Id, LIMITS, MAX_ID, Text } from '../../lib/limits.js';

const MEDIUM = LIMITS.libraryElement.description;

/**
 * A panel model: any JSON object; its `type` and `description` become the element's columns (as
 * Grafana syncs them), so they are strings within those columns.
 */
const Model = Type.Object(
  {
    type: Type.Optional(Text(LIMITS.libraryElement.type)),
    description: Type.Optional(Text(LIMITS.libraryElement.description)),
  },
  { additionalProperties: true },
);

/** Checked by the service for Grafana's messages (illegal characters, too long). */
const Uid = () => Text(LIMITS.uid + 1);

export const CreateElementBody = Type.Object({
  name: Text(LIMITS.libraryElement.name, { minLength: 1 }),
  model: Model,
  kind: Type.Integer(),
  /** '' or absent: the General folder */
  folderUid: Type.Optional(Type.Union([Text(LIMITS.uid), Type.Null()])),
  /** Grafana compat: the deprecated numeric folder id, used when folderUid is absent; 0 is General */
  folderId: Type.Optional(Count()),
  uid: Type.Optional(Uid()),
});
export type CreateElementBody = Static<typeof CreateElementBody>;

export const PatchElementBody = Type.Object({
  /** '' or absent: unchanged */
  name: Type.Optional(Text(LIMITS.libraryElement.name)),
  model: Type.Optional(Model),
  kind: Type.Integer(),
  version: Type.Integer({ minimum: 1 }),
  /** absent: unchanged; '' the General folder */
  folderUid: Type.Optional(Type.Union([Text(LIMITS.uid), Type.Null()])),
  /** Grafana compat: the deprecated numeric folder id when folderUid is absent; -1 unchanged */
  folderId: Type.Optional(Type.Integer({ minimum: -1, maximum: MAX_ID })),
  /** '' or absent: unchanged */
  uid: Type.Optional(Uid()),
});
export type PatchElementBody = Static<typeof PatchElementBody>;

export const ListElementsQuery = Type.Object({
  searchString: Type.Optional(Text(MEDIUM)),
  kind: Type.Optional(Id()),
  sortDirection: Type.Optional(Type.Union([Type.Literal('alpha-asc'), Type.Literal('alpha-desc')])),
  /** comma-separated panel types */
  typeFilter: Type.Optional(Text(MEDIUM)),
  excludeUid: Type.Optional(Text(MEDIUM)),
  /** comma-separated folder uids; `general` (or an empty item) is the General folder */
  folderFilterUIDs: Type.Optional(Text(MEDIUM)),
  perPage: Type.Optional(Count()),
  page: Type.Optional(Count()),
});
export type ListElementsQuery = Static<typeof ListElementsQuery>;

export const UidParams = Type.Object({ uid: Text(MEDIUM) });
export const NameParams = Type.Object({ name: Text(MEDIUM) });

const MetaUser = Type.Object({ avatarUrl: Type.String(), id: Type.Integer(), name: Type.String() });

export const ElementDto = Type.Object({
  id: Type.Integer(),
  orgId: Type.Integer(),
  folderId: Type.Integer(),
  folderUid: Type.String(),
  uid: Type.String(),
  name: Type.String(),
  kind: Type.Integer(),
  type: Type.String(),
  description: Type.String(),
  model: Type.Object({}, { additionalProperties: true }),
  version: Type.Integer(),
  meta: Type.Object({
    folderName: Type.String(),
    folderUid: Type.String(),
    connectedDashboards: Type.Integer(),
    created: Type.String(),
    updated: Type.String(),
    createdBy: MetaUser,
    updatedBy: MetaUser,
  }),
});
export type ElementDto = Static<typeof ElementDto>;

export const ElementResponse = Type.Object({ result: ElementDto });
export const ElementArrayResponse = Type.Object({ result: Type.Array(ElementDto) });
export const ElementSearchResponse = Type.Object({
  result: Type.Object({
    totalCount: Type.Integer(),
    elements: Type.Array(ElementDto),
    perPage: Type.Integer(),
    page: Type.Integer(),
  }),
});
export type ElementSearchResponse = Static<typeof ElementSearchResponse>;

export const ConnectionDto = Type.Object({
  id: Type.Integer(),
  kind: Type.Integer(),
  elementId: Type.Integer(),
  connectionId: Type.Integer(),
  connectionUid: Type.String(),
  created: Type.String(),
  createdBy: MetaUser,
});
export type ConnectionDto = Static<typeof ConnectionDto>;
export const ConnectionsResponse = Type.Object({ result: Type.Array(ConnectionDto) });

export const DeletedResponse = Type.Object({ id: Type.Integer(), message: Type.String() });
