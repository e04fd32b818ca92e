import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { call } from '../helpers/client.js';
import { registeredRoutes, routeKey } from '../helpers/routes.js';

// Every route the app registers, collected as Fastify sees them (independently of the catalog the
// document is generated from).
vi.mock('fastify', async (importOriginal) =>
  (await import('../helpers/routes.js')).recordingFastify(await importOriginal()),
);

const OPENAPI_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);
const toPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{wildcard}');

/**
 * Routes that answer something no JSON schema describes, so they have no response schema on
 * purpose: `<method> <url>`, why.
 */
const NO_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /*': 'the web UI: HTML, scripts and styles',
  'GET /swagger': 'the viewer page (HTML)',
  'GET /swagger/:file': "swagger-ui's static files",
  'GET /api/openapi.json': 'this document itself',
  'GET /metrics': 'Prometheus text exposition',
  'GET /avatar/:hash': 'an image',
  'POST /api/dashboards/calculate-diff': "Grafana's diff, rendered as HTML",
  'GET /livez': 'text: OK',
  'GET /readyz': 'text: OK, or not ready with 503',
  'GET /healthz': 'text: Ok',
  'GET /logout': 'a redirect to the login page (or signout_redirect_url)',
  'GET /login/generic_oauth': 'a redirect to the provider, then back to the site or to the login page',
  'GET /login/github': 'a redirect to the provider, then back to the site or to the login page',
  'GET /login/gitlab': 'a redirect to the provider, then back to the site or to the login page',
  'GET /login/google': 'a redirect to the provider, then back to the site or to the login page',
  'GET /login/azuread': 'a redirect to the provider, then back to the site or to the login page',
  'GET /login/okta': 'a redirect to the provider, then back to the site or to the login page',
  'GET /api/v1/provisioning/alert-rules/export': 'YAML unless format=json',
  'GET /api/v1/provisioning/alert-rules/:uid/export': 'YAML unless format=json',
  'GET /api/v1/provisioning/folder/:folderUid/rule-groups/:group/export': 'YAML unless format=json',
  'GET /api/v1/provisioning/mute-timings/export': 'YAML unless format=json',
  'GET /api/v1/provisioning/mute-timings/:name/export': 'YAML unless format=json',
};
/** The data source proxy answers the upstream's bytes as they are, for every method. */
const PROXY = /^[A-Z]+ \/api\/datasources\/proxy\//;
const exempt = (key: string) => NO_RESPONSE_SCHEMA[key] !== undefined || PROXY.test(key);

interface Operation {
  description?: string;
  parameters?: { name: string; in: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; $ref?: string }>;
  security?: unknown[];
}
type PathItem = Record<string, Operation> & { 'x-svc-methods'?: string[] };
interface Document {
  openapi: string;
  paths: Record<string, PathItem>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
    schemas: Record<string, { properties?: Record<string, unknown> }>;
  };
}

describe('the OpenAPI document', () => {
  it('validates, holds every registered route with its schemas and access, and /swagger renders it', async () => {
    registeredRoutes.length = 0;
    const server = await startTestServer();
    const response = await call<Document>(server, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = response.body;
    // a valid OpenAPI 3.1 document (validate() dereferences, so give it a copy)
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.openapi).toMatch(/^3\./);

    const missing: string[] = [];
    const lacking: string[] = [];
    const withoutResponse: string[] = [];
    for (const route of registeredRoutes) {
      const key = routeKey(route);
      const item = doc.paths[toPath(route.url)];
      if (!OPENAPI_METHODS.has(route.method)) {
        if (!item?.['x-svc-methods']?.includes(route.method)) missing.push(key);
        continue;
      }
      const operation = item?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(key);
        continue;
      }
      const schema = route.schema as Record<string, unknown>;
      const params = operation.parameters ?? [];
      // request schemas: the body, each declared query parameter and each path parameter
      if (schema.body && !operation.requestBody?.content['application/json']?.schema)
        lacking.push(`${key}: body schema`);
      const queryNames = Object.keys((schema.querystring as { properties?: object })?.properties ?? {});
      for (const name of queryNames)
        if (!params.some((p) => p.in === 'query' && p.name === name && p.schema))
          lacking.push(`${key}: query ${name}`);
      for (const [, name] of toPath(route.url).matchAll(/\{([^}]+)\}/g))
        if (!params.some((p) => p.in === 'path' && p.name === name && p.schema))
          lacking.push(`${key}: path ${name}`);
      // response schemas as declared on the route
      const declared = Object.keys((schema.response as object | undefined) ?? {});
      for (const status of declared)
        if (!operation.responses[status]?.content?.['application/json']?.schema)
          lacking.push(`${key}: response ${status}`);
      if (declared.length === 0) withoutResponse.push(key);
      // errors answer {message}
      if (!operation.responses['401']) lacking.push(`${key}: the error response`);
      if (!operation.description?.startsWith('Access: ')) lacking.push(`${key}: access in the description`);
      if ((route.config.public === true) !== (operation.security?.length === 0))
        lacking.push(`${key}: public routes and only they have security: []`);
    }
    expect(missing, 'routes missing from the document').toEqual([]);
    expect(lacking).toEqual([]);
    // nothing in the document that Fastify does not serve
    const served = new Set(registeredRoutes.map((r) => `${r.method.toLowerCase()} ${toPath(r.url)}`));
    for (const [path, item] of Object.entries(doc.paths))
      for (const method of Object.keys(item).filter((m) => !m.startsWith('x-')))
        expect(served.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
    expect(registeredRoutes.length).toBeGreaterThan(200);

    // Response schemas: every route declares one, except those NO_RESPONSE_SCHEMA gives a reason for
    const unexplained = withoutResponse.filter((k) => !exempt(k));
    expect(unexplained, 'routes without a response schema and without a reason').toEqual([]);
    const stale = Object.keys(NO_RESPONSE_SCHEMA).filter(
      (k) => !withoutResponse.includes(k) && registeredRoutes.some((r) => routeKey(r) === k),
    );
    expect(stale, 'listed as lacking a response schema but declaring one: drop them from the list').toEqual(
      [],
    );

    // security schemes: Basic, Bearer (service-account tokens, API keys), the session cookie
    const schemes = Object.values(doc.components.securitySchemes);
    expect(schemes).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'basic' }));
    expect(schemes).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(schemes).toContainEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: server.config.auth.loginCookieName }),
    );

    // access rules rendered from the routes' evaluators
    const describe = (method: string, path: string) => doc.paths[path]?.[method]?.description ?? '';
    expect(describe('get', '/api/teams/{id}')).toContain('teams:read on teams:id:{id}');
    expect(describe('delete', '/api/dashboards/uid/{uid}')).toContain('dashboards:delete');
    expect(describe('post', '/api/teams')).toContain('permission teams:create');
    expect(describe('get', '/api/search')).toContain('signed in');
    expect(describe('get', '/api/health')).toContain('public');
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);

    // a recursive schema (the notification policy tree) is one shared component, by reference
    const policyRoute = { $ref: '#/components/schemas/NotificationPolicyRoute' };
    const policies = doc.paths['/api/v1/provisioning/policies']!;
    expect(policies.get!.responses['200']!.content!['application/json']!.schema).toEqual(policyRoute);
    expect(policies.delete!.responses['202']!.content!['application/json']!.schema).toEqual(policyRoute);
    expect(policies.put!.requestBody!.content['application/json']!.schema).toEqual(policyRoute);
    const routeFields = doc.components.schemas.NotificationPolicyRoute!.properties!;
    expect(routeFields.routes).toEqual({ type: 'array', items: policyRoute });
    expect(routeFields.group_by).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(JSON.stringify(doc)).not.toMatch(/"\$ref":"NotificationPolicyRoute"/);

    // a route that only ever refuses (API keys can no longer be created) declares that answer alone
    const createKey = doc.paths['/api/auth/keys']!.post!;
    expect(Object.keys(createKey.responses).filter((status) => /^[23]/.test(status))).toEqual([]);
    expect(createKey.responses['410']!.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['message', 'messageId'],
    });

    // the viewer: swagger-ui from svc's own origin
    const viewer = await fetch(`${server.url}/swagger`);
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get('content-type')).toContain('text/html');
    const html = await viewer.text();
    expect(html).toContain('/swagger/swagger-ui-bundle.js');
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'svc-init.js']) {
      const asset = await fetch(`${server.url}/swagger/${file}`);
      expect(asset.status, file).toBe(200);
      await asset.arrayBuffer();
    }
    expect((await fetch(`${server.url}/swagger/package.json`)).status).toBe(404);
  });

  it('/swagger runs under the content security policy: its scripts carry the nonce', async () => {
    const server = await startTestServer({
      overrides: { security: { content_security_policy: 'true' } },
    });
    const viewer = await fetch(`${server.url}/swagger`);
    const policy = viewer.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const html = await viewer.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBe(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });
});
