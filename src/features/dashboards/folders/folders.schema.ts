import { Type } from 'typebox';
import { Count, Id, LIMITS, Text } from '../../../lib/limits.js';

export const FolderUidParams = Type.Object({ uid: Type.String() });

export const ListFoldersQuery = Type.Object({
  parentUid: Type.Optional(Type.String()),
  limit: Type.Optional(Count()),
  page: Type.Optional(Count()),
});

const { folder } = LIMITS;

export const CreateFolderBody = Type.Object({
  uid: Type.Optional(Text(LIMITS.uid)),
  title: Text(folder.title),
  description: Type.Optional(Text(folder.description)),
  parentUid: Type.Optional(Text(LIMITS.uid)),
});

export const UpdateFolderBody = Type.Object({
  title: Type.Optional(Text(folder.title)),
  description: Type.Optional(Text(folder.description)),
  version: Type.Optional(Id()),
  overwrite: Type.Optional(Type.Boolean()),
});

export const MoveFolderBody = Type.Object({ parentUid: Type.Optional(Text(LIMITS.uid)) });

/** Grafana: `forceDeleteRules=true` deletes the folder's alert rules with it instead of refusing. */
export const DeleteFolderQuery = Type.Object({ forceDeleteRules: Type.Optional(Type.Boolean()) });

export const DeleteFolderResponse = Type.Object({
  title: Type.String(),
  message: Type.String(),
  id: Type.Integer(),
});

/** A folder in a list: a nested one names its parent. */
const FolderListItem = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  title: Type.String(),
  parentUid: Type.Optional(Type.String()),
});

export const FolderListResponse = Type.Array(FolderListItem);

/** An ancestor of a nested folder, from the root down. */
const FolderParent = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  title: Type.String(),
  url: Type.String(),
});

/** A folder as read, created, updated or moved: with what the caller may do with it. */
export const FolderResponse = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  orgId: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  url: Type.String(),
  hasAcl: Type.Boolean(),
  canSave: Type.Boolean(),
  canEdit: Type.Boolean(),
  canAdmin: Type.Boolean(),
  canDelete: Type.Boolean(),
  createdBy: Type.String(),
  created: Type.String(),
  updatedBy: Type.String(),
  updated: Type.String(),
  version: Type.Integer(),
  /** a nested folder's parent and its ancestors (a top-level folder has neither) */
  parentUid: Type.Optional(Type.String()),
  parents: Type.Optional(Type.Array(FolderParent)),
});
