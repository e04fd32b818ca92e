import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { anyOf, can } from '../../access/evaluator.js';
import { sendExport } from '../alert-rules/export-reply.js';
import type { Provenance } from '../alerting/provenance.js';
import {
  DeleteQuery,
  ExportQuery,
  MuteTiming,
  MuteTimingBody,
  MuteTimingNameParams,
  NoContent,
} from './mute-timings.schema.js';
import type { MuteTimingsService } from './mute-timings.service.js';

const P = '/api/v1/provisioning/mute-timings';

/** Grafana's rule: the `X-Disable-Provenance` header, present with any value, means none. */
const provenanceOf = (request: FastifyRequest): Provenance =>
  request.headers['x-disable-provenance'] === undefined ? 'api' : '';

// Grafana compat: the provisioning actions, the legacy notification actions, or the finer
// time-interval actions.
const read = anyOf(
  can('alert.provisioning:read'),
  can('alert.provisioning.secrets:read'),
  can('alert.notifications:read'),
  can('alert.notifications.time-intervals:read'),
);
const write = anyOf(
  can('alert.provisioning:write'),
  can('alert.notifications:write'),
  can('alert.notifications.time-intervals:write'),
);
const remove = anyOf(
  can('alert.provisioning:write'),
  can('alert.notifications:write'),
  can('alert.notifications.time-intervals:delete'),
);

/** `/api/v1/provisioning/mute-timings`: CRUD and the provisioning-file export. */
export function registerMuteTimingsRoutes(api: Api, service: MuteTimingsService): void {
  api.get(
    P,
    { config: { permission: read }, schema: { response: { 200: Type.Array(MuteTiming) } } },
    async (request) => service.list(identityOf(request).orgId),
  );

  api.get(
    `${P}/export`,
    { config: { permission: read }, schema: { querystring: ExportQuery } },
    async (request, reply) =>
      sendExport(request, reply, await service.exportFile(identityOf(request).orgId), request.query),
  );

  api.get(
    `${P}/:name`,
    { config: { permission: read }, schema: { params: MuteTimingNameParams, response: { 200: MuteTiming } } },
    async (request) => service.get(identityOf(request).orgId, request.params.name),
  );

  api.get(
    `${P}/:name/export`,
    { config: { permission: read }, schema: { params: MuteTimingNameParams, querystring: ExportQuery } },
    async (request, reply) =>
      sendExport(
        request,
        reply,
        await service.exportFile(identityOf(request).orgId, request.params.name),
        request.query,
      ),
  );

  api.post(
    P,
    { config: { permission: write }, schema: { body: MuteTimingBody, response: { 201: MuteTiming } } },
    async (request, reply) => {
      const created = await service.create(identityOf(request).orgId, request.body, provenanceOf(request));
      return reply.status(201).send(created);
    },
  );

  api.put(
    `${P}/:name`,
    {
      config: { permission: write },
      schema: { params: MuteTimingNameParams, body: MuteTimingBody, response: { 202: MuteTiming } },
    },
    async (request, reply) => {
      const updated = await service.update(
        identityOf(request).orgId,
        request.params.name,
        request.body,
        provenanceOf(request),
      );
      return reply.status(202).send(updated);
    },
  );

  api.delete(
    `${P}/:name`,
    {
      config: { permission: remove },
      schema: { params: MuteTimingNameParams, querystring: DeleteQuery, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await service.delete(
        identityOf(request).orgId,
        request.params.name,
        provenanceOf(request),
        request.query.version,
      );
      return reply.status(204).send(null);
    },
  );
}
