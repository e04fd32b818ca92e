import type { FastifyRequest } from 'fastify';
import type { Api } from '../../../http/api.js';
import { identityOf } from '../../../access/identity.js';
import { can } from '../../../access/evaluator.js';
import { uidTooLong } from '../dashboards.errors.js';
import {
  CreateFolderBody,
  DeleteFolderQuery,
  DeleteFolderResponse,
  FolderListResponse,
  FolderResponse,
  FolderUidParams,
  ListFoldersQuery,
  MoveFolderBody,
  UpdateFolderBody,
} from './folders.schema.js';
import type { FoldersService } from './folders.service.js';

/** `<action>` on the folder of the path; grants on ancestors count through the scope resolver. */
export const onFolder = (action: string) => (request: FastifyRequest) =>
  can(action, `folders:uid:${(request.params as { uid: string }).uid}`);

/** /api/folders…: nested folders. */
export function registerFoldersRoutes(api: Api, folders: FoldersService): void {
  api.get(
    '/api/folders',
    { schema: { querystring: ListFoldersQuery, response: { 200: FolderListResponse } } },
    async (request) => {
      const { parentUid, limit, page } = request.query;
      return folders.list(identityOf(request), {
        parentUid: parentUid ?? '',
        limit: limit && limit > 0 ? limit : 1000,
        page: page && page > 0 ? page : 1,
      });
    },
  );

  api.get(
    '/api/folders/:uid',
    {
      config: { permission: onFolder('folders:read') },
      schema: { params: FolderUidParams, response: { 200: FolderResponse } },
    },
    async (request) => folders.get(identityOf(request), request.params.uid),
  );

  // The scope (the parent folder) is checked by the service once the body is read.
  api.post(
    '/api/folders',
    {
      // Grafana's message for a uid longer than 40 characters
      config: { permission: can('folders:create'), schemaErrors: { 'body.uid maxLength': uidTooLong } },
      schema: { body: CreateFolderBody, response: { 200: FolderResponse } },
    },
    async (request) => folders.create(identityOf(request), request.body),
  );

  api.put(
    '/api/folders/:uid',
    {
      config: { permission: onFolder('folders:write') },
      schema: { params: FolderUidParams, body: UpdateFolderBody, response: { 200: FolderResponse } },
    },
    async (request) => folders.update(identityOf(request), request.params.uid, request.body),
  );

  api.post(
    '/api/folders/:uid/move',
    {
      config: { permission: onFolder('folders:write') },
      schema: { params: FolderUidParams, body: MoveFolderBody, response: { 200: FolderResponse } },
    },
    async (request) => folders.move(identityOf(request), request.params.uid, request.body.parentUid ?? ''),
  );

  api.delete(
    '/api/folders/:uid',
    {
      config: { permission: onFolder('folders:delete') },
      schema: {
        params: FolderUidParams,
        querystring: DeleteFolderQuery,
        response: { 200: DeleteFolderResponse },
      },
    },
    async (request) =>
      folders.delete(identityOf(request), request.params.uid, {
        forceDeleteRules: request.query.forceDeleteRules === true,
      }),
  );
}
