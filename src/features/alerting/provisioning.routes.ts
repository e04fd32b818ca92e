import type { FastifyRequest } from 'fastify';
import { stringify } from 'yaml';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { anyOf, can } from '../../access/evaluator.js';
import {
  CatalogueQuery,
  ContactPointBody,
  ContactPointResponse,
  ContactPointsExportResponse,
  ContactPointsQuery,
  ContactPointsResponse,
  ExportQuery,
  MessageResponse,
  NameParams,
  NoContent,
  TemplateBody,
  TemplateNameParams,
  TemplateResponse,
  TemplatesResponse,
  UidParams,
} from './alerting.schema.js';
import { notifierCatalogueJson } from './catalogue/catalogue.js';
import { NotifierCatalogueResponse } from './catalogue/catalogue.schema.js';
import type { ContactPointsService } from './contact-points.service.js';
import { PolicyRoute } from './policies.schema.js';
import type { PoliciesService } from './policies.service.js';
import type { Provenance } from './provenance.js';
import type { TemplatesService } from './templates.service.js';

/** Grafana's rule: the `X-Disable-Provenance` header, present with any value, means none. */
const provenanceOf = (request: FastifyRequest): Provenance =>
  request.headers['x-disable-provenance'] === undefined ? 'api' : '';

// Grafana compat: provisioning actions (Admin in Grafana) or the finer notification actions.
const provisioningRead = (...finer: string[]) =>
  anyOf(can('alert.provisioning:read'), can('alert.provisioning.secrets:read'), ...finer.map((a) => can(a)));
const provisioningWrite = (...finer: string[]) =>
  anyOf(can('alert.provisioning:write'), ...finer.map((a) => can(a)));

/** Catalogue, contact points, templates and policies (Grafana's provisioning API). */
export function registerProvisioningRoutes(
  api: Api,
  services: {
    contactPoints: ContactPointsService;
    templates: TemplatesService;
    policies: PoliciesService;
    ensureOrgDefaults: (orgId: number) => Promise<void>;
  },
): void {
  const { contactPoints, templates, policies, ensureOrgDefaults } = services;

  // JSON text serialized once (catalogue.ts): a string with a JSON content type is sent as it is,
  // never through the schema's serializer, so the schema documents it (`as never`: the typed reply).
  api.get(
    '/api/alert-notifiers',
    { schema: { querystring: CatalogueQuery, response: { 200: NotifierCatalogueResponse } } },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await notifierCatalogueJson(request.query.version)) as never),
  );

  api.get(
    '/api/v1/provisioning/contact-points',
    {
      config: { permission: provisioningRead('alert.notifications.receivers:read') },
      schema: { querystring: ContactPointsQuery, response: { 200: ContactPointsResponse } },
    },
    async (request) => {
      const identity = identityOf(request);
      await ensureOrgDefaults(identity.orgId);
      return contactPoints.list(identity, request.query.name);
    },
  );

  api.get(
    '/api/v1/provisioning/contact-points/export',
    {
      config: { permission: provisioningRead('alert.notifications.receivers:read') },
      // JSON by the schema; YAML is text with its own content type, sent as it is
      schema: { querystring: ExportQuery, response: { 200: ContactPointsExportResponse } },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      await ensureOrgDefaults(identity.orgId);
      const { name, decrypt = false, format, download = false } = request.query;
      const document = await contactPoints.exportFile(identity, { name, decrypt });
      const json = format === 'json' || (!format && /application\/json/.test(request.headers.accept ?? ''));
      if (download) {
        void reply.header('content-disposition', `attachment;filename=export.${json ? 'json' : 'yaml'}`);
      }
      if (json) return document;
      // YAML text (not the schema's JSON): a string with its own content type is sent as it is
      return reply.type('text/yaml').send(stringify(document) as never);
    },
  );

  api.post(
    '/api/v1/provisioning/contact-points',
    {
      config: { permission: provisioningWrite('alert.notifications.receivers:create') },
      schema: { body: ContactPointBody, response: { 202: ContactPointResponse } },
    },
    async (request, reply) => {
      const created = await contactPoints.create(identityOf(request), request.body, provenanceOf(request));
      return reply.status(202).send(created);
    },
  );

  api.put(
    '/api/v1/provisioning/contact-points/:uid',
    {
      config: { permission: provisioningWrite('alert.notifications.receivers:write') },
      schema: { params: UidParams, body: ContactPointBody, response: { 202: MessageResponse } },
    },
    async (request, reply) => {
      const { uid } = request.params;
      // Grafana compat: the uid of the path wins over the body's.
      await contactPoints.update(identityOf(request), uid, { ...request.body, uid }, provenanceOf(request));
      return reply.status(202).send(message('contactpoint updated'));
    },
  );

  api.delete(
    '/api/v1/provisioning/contact-points/:uid',
    {
      config: { permission: provisioningWrite('alert.notifications.receivers:delete') },
      schema: { params: UidParams, response: { 202: MessageResponse } },
    },
    async (request, reply) => {
      await contactPoints.delete(identityOf(request), request.params.uid, provenanceOf(request));
      return reply.status(202).send(message('contactpoint deleted'));
    },
  );

  api.get(
    '/api/v1/provisioning/templates',
    {
      config: { permission: provisioningRead('alert.notifications.templates:read') },
      schema: { response: { 200: TemplatesResponse } },
    },
    async (request) => presentTemplates(await templates.list(identityOf(request).orgId)),
  );

  api.get(
    '/api/v1/provisioning/templates/:name',
    {
      config: { permission: provisioningRead('alert.notifications.templates:read') },
      schema: { params: NameParams, response: { 200: TemplateResponse } },
    },
    async (request) => presentTemplate(await templates.get(identityOf(request).orgId, request.params.name)),
  );

  api.put(
    '/api/v1/provisioning/templates/:name',
    {
      config: { permission: provisioningWrite('alert.notifications.templates:write') },
      schema: { params: TemplateNameParams, body: TemplateBody, response: { 202: TemplateResponse } },
    },
    async (request, reply) => {
      const saved = await templates.save(
        identityOf(request).orgId,
        request.params.name,
        request.body,
        provenanceOf(request),
      );
      return reply.status(202).send(presentTemplate(saved));
    },
  );

  api.delete(
    '/api/v1/provisioning/templates/:name',
    {
      config: { permission: provisioningWrite('alert.notifications.templates:delete') },
      schema: { params: NameParams, response: { 204: NoContent } },
    },
    async (request, reply) => {
      await templates.delete(identityOf(request).orgId, request.params.name, provenanceOf(request));
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/v1/provisioning/policies',
    {
      config: { permission: provisioningRead('alert.notifications:read') },
      schema: { response: { 200: PolicyRoute } },
    },
    async (request) => policies.get(identityOf(request).orgId),
  );

  api.put(
    '/api/v1/provisioning/policies',
    {
      config: { permission: provisioningWrite('alert.notifications:write') },
      schema: { body: PolicyRoute, response: { 202: MessageResponse } },
      // The service checks the body's types itself (files need it too) and names the field at
      // fault like every other refusal of the tree (`routes[1].group_by: must be array`).
      attachValidation: true,
    },
    async (request, reply) => {
      const orgId = identityOf(request).orgId;
      await ensureOrgDefaults(orgId);
      await policies.save(orgId, request.body, provenanceOf(request));
      return reply.status(202).send(message('policies updated'));
    },
  );

  api.delete(
    '/api/v1/provisioning/policies',
    {
      config: { permission: provisioningWrite('alert.notifications:write') },
      // the default tree it went back to
      schema: { response: { 202: PolicyRoute } },
    },
    async (request, reply) => {
      const tree = await policies.reset(identityOf(request).orgId, provenanceOf(request));
      return reply.status(202).send(tree);
    },
  );
}

function presentTemplate(t: { name: string; template: string; provenance: string; version: string }) {
  return { name: t.name, template: t.template, provenance: t.provenance, version: t.version };
}

function presentTemplates(list: Parameters<typeof presentTemplate>[0][]) {
  return list.map(presentTemplate);
}
