import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import { annotationIdInvalid, annotationNotFound } from './annotations.errors.js';
import {
  AnnotationDto,
  AnnotationIdParams,
  AnnotationList,
  CreateAnnotationBody,
  CreatedAnnotationResponse,
  FindAnnotationsQuery,
  MessageResponse,
  TagsQuery,
  TagsResponse,
  UpdateAnnotationBody,
} from './annotations.schema.js';
import type { AnnotationsService, UpdateInput } from './annotations.service.js';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 10_000;

/** Repeated parameters, and comma-separated lists. */
const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));

const limitOf = (limit: number | undefined) =>
  limit && limit > 0 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT;

/** Grafana's answers for an annotation id: 400 when not a number, 404 when too large to exist. */
const schemaErrors = {
  'params.annotationId maximum': annotationNotFound,
  'params.annotationId': annotationIdInvalid,
};

const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : undefined);

function updateInput(body: UpdateAnnotationBody): UpdateInput {
  return {
    time: body.time,
    timeEnd: body.timeEnd,
    text: body.text,
    tags: body.tags ?? undefined,
    data: body.data ?? undefined,
  };
}

/**
 * /api/annotations… The routes need the action at all (Grafana declares the same for the list and
 * for creating); the service checks it on the annotation's type or dashboard, after a 404 for an
 * annotation that does not exist or cannot be read.
 */
export function registerAnnotationsRoutes(api: Api, annotations: AnnotationsService): void {
  api.get(
    '/api/annotations',
    {
      config: { permission: can('annotations:read') },
      schema: { querystring: FindAnnotationsQuery, response: { 200: AnnotationList } },
    },
    async (request) => {
      const q = request.query;
      return annotations.find(identityOf(request), {
        from: positive(q.from),
        to: positive(q.to),
        dashboardUid: q.dashboardUID,
        dashboardId: positive(q.dashboardId),
        panelId: positive(q.panelId),
        userId: positive(q.userId),
        alertId: positive(q.alertId),
        type: q.type === 'annotation' || q.type === 'alert' ? q.type : undefined,
        tags: list(q.tags),
        matchAny: q.matchAny === true,
        limit: limitOf(q.limit),
      });
    },
  );

  api.get(
    '/api/annotations/tags',
    {
      config: { permission: can('annotations:read') },
      schema: { querystring: TagsQuery, response: { 200: TagsResponse } },
    },
    async (request) =>
      annotations.tags(identityOf(request), {
        tag: request.query.tag ?? '',
        limit: limitOf(request.query.limit),
      }),
  );

  api.get(
    '/api/annotations/:annotationId',
    {
      config: { schemaErrors, permission: can('annotations:read') },
      schema: { params: AnnotationIdParams, response: { 200: AnnotationDto } },
    },
    async (request) => annotations.get(identityOf(request), request.params.annotationId),
  );

  api.post(
    '/api/annotations',
    {
      config: { permission: can('annotations:create') },
      schema: { body: CreateAnnotationBody, response: { 200: CreatedAnnotationResponse } },
    },
    async (request) => {
      const body = request.body;
      const id = await annotations.create(identityOf(request), {
        dashboardUid: body.dashboardUID ?? undefined,
        dashboardId: positive(body.dashboardId),
        panelId: body.panelId,
        time: body.time,
        timeEnd: body.timeEnd,
        text: body.text ?? '',
        tags: body.tags ?? undefined,
        data: body.data ?? undefined,
      });
      return { message: 'Annotation added', id };
    },
  );

  api.put(
    '/api/annotations/:annotationId',
    {
      config: { schemaErrors, permission: can('annotations:write') },
      schema: { params: AnnotationIdParams, body: UpdateAnnotationBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const id = request.params.annotationId;
      await annotations.update(identityOf(request), id, updateInput(request.body), 'replace');
      return message('Annotation updated');
    },
  );

  api.patch(
    '/api/annotations/:annotationId',
    {
      config: { schemaErrors, permission: can('annotations:write') },
      schema: { params: AnnotationIdParams, body: UpdateAnnotationBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const id = request.params.annotationId;
      await annotations.update(identityOf(request), id, updateInput(request.body), 'patch');
      // Grafana compat: PATCH answers "patched", PUT "updated".
      return message('Annotation patched');
    },
  );

  api.delete(
    '/api/annotations/:annotationId',
    {
      config: { schemaErrors, permission: can('annotations:delete') },
      schema: { params: AnnotationIdParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await annotations.delete(identityOf(request), request.params.annotationId);
      return message('Annotation deleted');
    },
  );
}
