import type { Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import {
  ConnectionsResponse,
  CreateElementBody,
  DeletedResponse,
  ElementArrayResponse,
  ElementResponse,
  ElementSearchResponse,
  ListElementsQuery,
  NameParams,
  PatchElementBody,
  UidParams,
} from './library-panels.schema.js';
import type { LibraryPanelsService } from './library-panels.service.js';

/**
 * Grafana's /api/library-elements routes. Each checks its `library.panels:*` action on any scope
 * here; the service checks it on the element's folder (lists filter by it), so an unknown element
 * is 404 for whoever may read elements at all. Grafana compat: it grants these actions on folder
 * scopes only (`folders:uid:<uid>`, `folders:uid:general` for the root).
 */
export function registerLibraryPanelsRoutes(api: Api, service: LibraryPanelsService): void {
  api.post(
    '/api/library-elements',
    {
      config: { permission: can('library.panels:create') },
      schema: { body: CreateElementBody, response: { 200: ElementResponse } },
    },
    async (request) => service.create(identityOf(request), request.body),
  );

  api.get(
    '/api/library-elements',
    {
      config: { permission: can('library.panels:read') },
      schema: { querystring: ListElementsQuery, response: { 200: ElementSearchResponse } },
    },
    async (request) => service.list(identityOf(request), request.query),
  );

  api.get(
    '/api/library-elements/:uid',
    {
      config: { permission: can('library.panels:read') },
      schema: { params: UidParams, response: { 200: ElementResponse } },
    },
    async (request) => service.get(identityOf(request), request.params.uid),
  );

  api.get(
    '/api/library-elements/name/:name',
    {
      config: { permission: can('library.panels:read') },
      schema: { params: NameParams, response: { 200: ElementArrayResponse } },
    },
    async (request) => service.byName(identityOf(request), request.params.name),
  );

  api.get(
    '/api/library-elements/:uid/connections',
    {
      config: { permission: can('library.panels:read') },
      schema: { params: UidParams, response: { 200: ConnectionsResponse } },
    },
    async (request) => service.connections(identityOf(request), request.params.uid),
  );

  api.patch(
    '/api/library-elements/:uid',
    {
      config: { permission: can('library.panels:write') },
      schema: { params: UidParams, body: PatchElementBody, response: { 200: ElementResponse } },
    },
    async (request) => service.patch(identityOf(request), request.params.uid, request.body),
  );

  api.delete(
    '/api/library-elements/:uid',
    {
      config: { permission: can('library.panels:delete') },
      schema: { params: UidParams, response: { 200: DeletedResponse } },
    },
    async (request) => service.delete(identityOf(request), request.params.uid),
  );
}
