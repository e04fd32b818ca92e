import { Type } from '@fastify/type-provider-typebox';

export const FolderUidParams = Type.Object({ uid: Type.String() });

export const ListFoldersQuery = Type.Object({
  parentUid: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer()),
  page: Type.Optional(Type.Integer()),
});

export const CreateFolderBody = Type.Object({
  uid: Type.Optional(Type.String()),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  parentUid: Type.Optional(Type.String()),
});

export const UpdateFolderBody = Type.Object({
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  version: Type.Optional(Type.Integer()),
  overwrite: Type.Optional(Type.Boolean()),
});

export const MoveFolderBody = Type.Object({ parentUid: Type.Optional(Type.String()) });

export const DeleteFolderResponse = Type.Object({
  title: Type.String(),
  message: Type.String(),
  id: Type.Integer(),
});
