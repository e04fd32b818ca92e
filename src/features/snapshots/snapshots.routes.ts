import { Type } from 'typebox';
import type { Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import {
  CreateSnapshotBody,
  CreateSnapshotResponse,
  DeletedResponse,
  DeleteKeyParams,
  KeyParams,
  SearchSnapshotsQuery,
  SnapshotListItem,
  SnapshotResponse,
} from './snapshots.schema.js';
import type { SnapshotsService } from './snapshots.service.js';

const DEFAULT_LIMIT = 1000;

/** Grafana's snapshot routes, with its scopeless actions (Viewer reads, Editor creates and deletes). */
export function registerSnapshotsRoutes(api: Api, snapshots: SnapshotsService): void {
  api.post(
    '/api/snapshots',
    {
      config: { permission: can('snapshots:create') },
      schema: { body: CreateSnapshotBody, response: { 200: CreateSnapshotResponse } },
    },
    async (request) =>
      snapshots.create(identityOf(request), {
        ...request.body,
        dashboard: request.body.dashboard as Record<string, unknown>,
      }),
  );

  api.get(
    '/api/snapshots/:key',
    {
      config: { permission: can('snapshots:read') },
      schema: { params: KeyParams, response: { 200: SnapshotResponse } },
    },
    // JSON text (the stored model spliced in unparsed): a string with a JSON content type is sent
    // as it is, never through the schema's serializer; `as never` lets the typed reply take it.
    async (request, reply) =>
      reply
        .type('application/json')
        .send((await snapshots.getJson(identityOf(request), request.params.key)) as never),
  );

  api.get(
    '/api/dashboard/snapshots',
    {
      config: { permission: can('snapshots:read') },
      schema: { querystring: SearchSnapshotsQuery, response: { 200: Type.Array(SnapshotListItem) } },
    },
    async (request) => {
      const { query, limit } = request.query;
      return snapshots.search(identityOf(request), {
        query: query ?? '',
        limit: limit && limit > 0 ? limit : DEFAULT_LIMIT,
      });
    },
  );

  api.delete(
    '/api/snapshots/:key',
    {
      config: { permission: can('snapshots:delete') },
      schema: { params: KeyParams, response: { 200: DeletedResponse } },
    },
    async (request) => snapshots.deleteByKey(identityOf(request), request.params.key),
  );

  // Grafana compat: deleting by the delete key is a GET (the link returned at creation).
  api.get(
    '/api/snapshots-delete/:deleteKey',
    {
      config: { permission: can('snapshots:delete') },
      schema: { params: DeleteKeyParams, response: { 200: DeletedResponse } },
    },
    async (request) => snapshots.deleteByDeleteKey(identityOf(request), request.params.deleteKey),
  );
}
