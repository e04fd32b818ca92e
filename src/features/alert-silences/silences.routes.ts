import { Type } from 'typebox';
import { message, type Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { allOf, anyOf, can } from '../../access/evaluator.js';
import {
  GettableSilence,
  PostableSilence,
  PostSilenceResponse,
  SilenceIdParams,
  SilenceMessage,
  SilenceQuery,
  SilencesQuery,
} from './silences.schema.js';
import type { createSilencesService } from './silences.service.js';

// Grafana compat: silences are read with alert.instances:read or alert.silences:read, written
// with the instance or silence write actions (route-level checks of Grafana's authorization.go);
// the service then checks each silence (silences.access.ts).
const read = anyOf(can('alert.instances:read'), can('alert.silences:read'));
const create = allOf(
  read,
  anyOf(
    can('alert.instances:create'),
    can('alert.instances:write'),
    can('alert.silences:create'),
    can('alert.silences:write'),
  ),
);
const expire = allOf(read, anyOf(can('alert.instances:write'), can('alert.silences:write')));

/** The Alertmanager API v2 silences, under both product spellings. */
export function registerSilencesRoutes(api: Api, silences: ReturnType<typeof createSilencesService>): void {
  for (const product of ['svc', 'grafana']) {
    const base = `/api/alertmanager/${product}/api/v2`;

    api.get(
      `${base}/silences`,
      {
        config: { permission: read },
        schema: { querystring: SilencesQuery, response: { 200: Type.Array(GettableSilence) } },
      },
      async (request) => silences.list(identityOf(request), request.query.filter, request.query),
    );

    api.post(
      `${base}/silences`,
      {
        config: { permission: create },
        schema: { body: PostableSilence, response: { 202: PostSilenceResponse } },
      },
      async (request, reply) => {
        const silenceID = await silences.post(identityOf(request), request.body);
        return reply.status(202).send({ silenceID });
      },
    );

    api.get(
      `${base}/silence/:id`,
      {
        config: { permission: read },
        schema: { params: SilenceIdParams, querystring: SilenceQuery, response: { 200: GettableSilence } },
      },
      async (request) => silences.get(identityOf(request), request.params.id, request.query),
    );

    api.delete(
      `${base}/silence/:id`,
      {
        config: { permission: expire },
        schema: { params: SilenceIdParams, response: { 200: SilenceMessage } },
      },
      async (request, reply) => {
        await silences.expire(identityOf(request), request.params.id);
        return reply.status(200).send(message('silence deleted'));
      },
    );
  }
}
