import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { anyOf, can } from '../../access/evaluator.js';
import type { DashboardModel } from './dashboard-model.js';
import { invalidVersionId, messageTooLong } from './dashboards.errors.js';
import {
  CalculateDiffBody,
  DashboardResponse,
  DeleteDashboardResponse,
  HomeResponse,
  MessageResponse,
  RestoreBody,
  SaveDashboardBody,
  SaveDashboardResponse,
  StarsResponse,
  TagsResponse,
  UidParams,
  VersionParams,
  VersionsQuery,
  VersionsResponse,
  VersionWithDataResponse,
} from './dashboards.schema.js';
import type { DashboardsService } from './dashboards.service.js';
import type { HomeService } from './home.service.js';

/** `<action>` on the dashboard of the path; folder grants count through the scope resolver. */
export const onDashboard = (action: string) => (request: FastifyRequest) =>
  can(action, `dashboards:uid:${(request.params as { uid: string }).uid}`);

/**
 * JSON the server already wrote (a stored model spliced in unparsed), typed for `send`: Fastify
 * sends a string or bytes with a JSON content type as they are, so the route's response schema
 * documents the answer and its serializer never runs on it (test/api/dashboards-raw-json.test.ts).
 */
export const jsonText = (text: string | Buffer) => text as never;

/** Grafana's version list page: `limit` (default 1000) from `start`. */
export const versionsPage = (query: { limit?: number; start?: number }) => ({
  limit: query.limit && query.limit > 0 ? query.limit : 1000,
  start: query.start ?? 0,
});

/** /api/dashboards…: save, read, delete, versions, restore, tags, home. */
export function registerDashboardsRoutes(api: Api, dashboards: DashboardsService, home: HomeService): void {
  api.post(
    '/api/dashboards/db',
    {
      config: {
        permission: anyOf(can('dashboards:create'), can('dashboards:write')),
        // Grafana's message for a commit message longer than its column
        schemaErrors: { 'body.message maxLength': messageTooLong },
      },
      schema: { body: SaveDashboardBody, response: { 200: SaveDashboardResponse } },
    },
    async (request) => {
      const { dashboard, folderUid, folderId, message: commit, overwrite } = request.body;
      return dashboards.save(identityOf(request), {
        dashboard: dashboard as DashboardModel,
        folderUid: folderUid ?? undefined,
        // Grafana compat: the deprecated folderId counts when folderUid is empty (0: General).
        folderId: folderId ?? undefined,
        message: commit,
        overwrite,
      });
    },
  );

  // Pre-serialised text (documented by the schema, sent as it is).
  api.get('/api/dashboards/home', { schema: { response: { 200: HomeResponse } } }, async (request, reply) =>
    reply.type('application/json').send(jsonText(await home.homeJson(identityOf(request)))),
  );

  api.get('/api/dashboards/tags', { schema: { response: { 200: TagsResponse } } }, async (request) =>
    dashboards.tags(identityOf(request).orgId),
  );

  api.get(
    '/api/dashboards/uid/:uid',
    {
      config: { permission: onDashboard('dashboards:read') },
      // The hot path answers pre-serialised text: a string with a JSON content type is sent as it
      // is, the schema only documents it (test/api/dashboards-raw-json.test.ts).
      schema: { params: UidParams, response: { 200: DashboardResponse } },
    },
    (request, reply) => {
      const identity = identityOf(request);
      const send = (json: Buffer) => reply.type('application/json').send(jsonText(json));
      // all cached: answered without a promise; else read what is missing
      const now = dashboards.getJsonNow(identity, request.params.uid);
      if (now) return void send(now);
      // Resolves to the reply, which Fastify awaits. Resolving to undefined would make it send
      // again while an onSend hook still holds the first answer (the cache bus's wait).
      return (async () => send(await dashboards.getJson(identity, request.params.uid)))();
    },
  );

  api.delete(
    '/api/dashboards/uid/:uid',
    {
      config: { permission: onDashboard('dashboards:delete') },
      schema: { params: UidParams, response: { 200: DeleteDashboardResponse } },
    },
    async (request) => dashboards.delete(identityOf(request), request.params.uid),
  );

  // Grafana compat: reading versions needs dashboards:write.
  api.get(
    '/api/dashboards/uid/:uid/versions',
    {
      config: { permission: onDashboard('dashboards:write') },
      schema: { params: UidParams, querystring: VersionsQuery, response: { 200: VersionsResponse } },
    },
    async (request) => {
      const versions = await dashboards.versions(
        identityOf(request),
        request.params.uid,
        versionsPage(request.query),
      );
      return { versions, continueToken: '' };
    },
  );

  api.get(
    '/api/dashboards/uid/:uid/versions/:id',
    {
      config: {
        permission: onDashboard('dashboards:write'),
        schemaErrors: { 'params.id': invalidVersionId },
      },
      // pre-serialised text, sent as it is
      schema: { params: VersionParams, response: { 200: VersionWithDataResponse } },
    },
    async (request, reply) => {
      const json = await dashboards.versionJson(identityOf(request), request.params.uid, request.params.id);
      return reply.type('application/json').send(jsonText(json));
    },
  );

  api.post(
    '/api/dashboards/uid/:uid/restore',
    {
      config: { permission: onDashboard('dashboards:write') },
      schema: { params: UidParams, body: RestoreBody, response: { 200: SaveDashboardResponse } },
    },
    async (request) => dashboards.restore(identityOf(request), request.params.uid, request.body.version),
  );

  api.post(
    '/api/dashboards/calculate-diff',
    { schema: { body: CalculateDiffBody } },
    async (request, reply) => {
      const { base, new: next, diffType } = request.body;
      const html = await dashboards.diff(identityOf(request), { base, new: next }, diffType ?? 'basic');
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  api.get('/api/user/stars', { schema: { response: { 200: StarsResponse } } }, async (request) =>
    dashboards.stars(identityOf(request)),
  );

  api.post(
    '/api/user/stars/dashboard/uid/:uid',
    {
      config: { usersOnly: 'Only users can star dashboards' },
      schema: { params: UidParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await dashboards.star(identityOf(request), request.params.uid);
      return message('Dashboard starred!');
    },
  );

  api.delete(
    '/api/user/stars/dashboard/uid/:uid',
    {
      config: { usersOnly: 'Only users can star dashboards' },
      schema: { params: UidParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await dashboards.unstar(identityOf(request), request.params.uid);
      return message('Dashboard unstarred');
    },
  );
}
