import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import { inputFromBody } from './datasource-input.js';
import { idInvalid, nameInvalid, uidInvalid, urlInvalid } from './datasources.errors.js';
import { presentDataSource, presentListItem } from './datasources.present.js';
import {
  CreateDataSourceBody,
  CreatedResponse,
  DataSourceBody,
  DataSourceDto,
  DataSourceListItem,
  DeletedResponse,
  IdParams,
  MessageResponse,
  NameParams,
  UidParams,
  UpdatedResponse,
} from './datasources.schema.js';
import { dataSourceScope, type DataSourcesService } from './datasources.service.js';

type Params = Record<string, string>;
const onUid = (action: string) => (request: FastifyRequest) =>
  can(action, dataSourceScope((request.params as Params).uid!));
const onName = (action: string) => (request: FastifyRequest) =>
  can(action, `datasources:name:${(request.params as Params).name!}`);
const onId = (action: string) => (request: FastifyRequest) =>
  can(action, `datasources:id:${(request.params as Params).id!}`);

/** Grafana's answers for fields longer than it allows, and for an id that is not a number. */
const schemaErrors = {
  'body.name maxLength': nameInvalid,
  'body.name minLength': nameInvalid,
  'body.url maxLength': urlInvalid,
  'body.uid maxLength': uidInvalid,
  'params.id': idInvalid,
};

/** /api/datasources…: CRUD, including Grafana's deprecated name and id addressed routes. */
export function registerDataSourcesRoutes(api: Api, service: DataSourcesService): void {
  api.get(
    '/api/datasources',
    {
      config: { permission: can('datasources:read') },
      schema: { response: { 200: Type.Array(DataSourceListItem) } },
    },
    async (request) => (await service.list(identityOf(request))).map(presentListItem),
  );

  api.post(
    '/api/datasources',
    {
      config: { permission: can('datasources:create'), schemaErrors },
      schema: { body: CreateDataSourceBody, response: { 200: CreatedResponse } },
    },
    async (request) => {
      const row = await service.create(identityOf(request).orgId, inputFromBody(request.body));
      // Grafana compat: Grafana has no top-level uid here; SPEC lists one.
      return {
        message: 'Datasource added',
        id: row.id,
        uid: row.uid,
        name: row.name,
        datasource: presentDataSource(row),
      };
    },
  );

  api.get(
    '/api/datasources/uid/:uid',
    {
      config: { permission: onUid('datasources:read') },
      schema: { params: UidParams, response: { 200: DataSourceDto } },
    },
    async (request) => {
      const identity = identityOf(request);
      const row = await service.find(identity.orgId, { uid: request.params.uid });
      return presentDataSource(row, await service.accessControl(identity, row.uid));
    },
  );

  api.put(
    '/api/datasources/uid/:uid',
    {
      config: { permission: onUid('datasources:write'), schemaErrors },
      schema: { params: UidParams, body: DataSourceBody, response: { 200: UpdatedResponse } },
    },
    async (request) => {
      const ref = { uid: request.params.uid };
      const row = await service.update(identityOf(request).orgId, ref, inputFromBody(request.body));
      return {
        message: 'Datasource updated',
        id: row.id,
        name: row.name,
        datasource: presentDataSource(row),
      };
    },
  );

  api.delete(
    '/api/datasources/uid/:uid',
    {
      config: { permission: onUid('datasources:delete') },
      schema: { params: UidParams, response: { 200: DeletedResponse } },
    },
    async (request) => {
      const row = await service.delete(identityOf(request).orgId, { uid: request.params.uid });
      return { message: 'Data source deleted', id: row.id };
    },
  );

  // Deprecated in Grafana, still used by older clients.
  api.get(
    '/api/datasources/name/:name',
    {
      config: { permission: onName('datasources:read') },
      schema: { params: NameParams, response: { 200: DataSourceDto } },
    },
    async (request) =>
      presentDataSource(await service.find(identityOf(request).orgId, { name: request.params.name })),
  );

  api.delete(
    '/api/datasources/name/:name',
    {
      config: { permission: onName('datasources:delete') },
      schema: { params: NameParams, response: { 200: DeletedResponse } },
    },
    async (request) => {
      const row = await service.delete(identityOf(request).orgId, { name: request.params.name });
      return { message: 'Data source deleted', id: row.id };
    },
  );

  api.get(
    '/api/datasources/id/:name',
    {
      config: { permission: onName('datasources.id:read') },
      schema: { params: NameParams, response: { 200: Type.Object({ id: Type.Integer() }) } },
    },
    async (request) => {
      const row = await service.find(identityOf(request).orgId, { name: request.params.name });
      return { id: row.id };
    },
  );

  api.get(
    '/api/datasources/:id',
    {
      config: { permission: onId('datasources:read'), schemaErrors },
      schema: { params: IdParams, response: { 200: DataSourceDto } },
    },
    async (request) =>
      presentDataSource(await service.find(identityOf(request).orgId, { id: request.params.id })),
  );

  api.put(
    '/api/datasources/:id',
    {
      config: { permission: onId('datasources:write'), schemaErrors },
      schema: { params: IdParams, body: DataSourceBody, response: { 200: UpdatedResponse } },
    },
    async (request) => {
      const ref = { id: request.params.id };
      const row = await service.update(identityOf(request).orgId, ref, inputFromBody(request.body));
      return {
        message: 'Datasource updated',
        id: row.id,
        name: row.name,
        datasource: presentDataSource(row),
      };
    },
  );

  api.delete(
    '/api/datasources/:id',
    {
      config: { permission: onId('datasources:delete'), schemaErrors },
      schema: { params: IdParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await service.delete(identityOf(request).orgId, { id: request.params.id });
      // Grafana compat: deleting by id answers without the id.
      return message('Data source deleted');
    },
  );
}
