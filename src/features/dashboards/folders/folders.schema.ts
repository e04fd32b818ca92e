import { Type } from '@fastify/type-provider-typebox';
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
