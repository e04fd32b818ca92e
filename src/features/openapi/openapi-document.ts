import { accessText } from './access-text.js';
import type { CatalogRoute } from './route-catalog.js';

type JsonSchema = Record<string, unknown>;

/** The HTTP methods an OpenAPI path item can hold; others (WebDAV's, CONNECT) go to `x-svc-methods`. */
const OPENAPI_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The name of a path's trailing wildcard (`/api/datasources/proxy/uid/:uid/*`) in the document. */
const WILDCARD_PARAM = 'wildcard';

/** Fastify's `/api/teams/:id` as OpenAPI's `/api/teams/{id}`; a trailing `*` becomes `{wildcard}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${WILDCARD_PARAM}}`);
}

/** A plain JSON copy of a TypeBox schema (its non-enumerable `~kind` marks are dropped). */
const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };

/**
 * A plain copy of a body or response schema whose named definitions (TypeBox's Cyclic: `$defs`
 * entries with an `$id`, referred to by that bare id) move to the document's `components.schemas`:
 * viewers and generated clients resolve `#/components/schemas/<id>`, while a bare id is a relative
 * URL they would fetch.
 */
function sharedDefinitions(schema: unknown, components: Record<string, JsonSchema>): JsonSchema {
  const copy = plain(schema);
  const ids = new Set<string>();
  const collect = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const def of Object.values(((node as JsonSchema).$defs ?? {}) as Record<string, JsonSchema>)) {
      if (typeof def.$id === 'string') ids.add(def.$id);
    }
    Object.values(node).forEach(collect);
  };
  collect(copy);
  if (!ids.size) return copy;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$defs') {
        const kept: Record<string, unknown> = {};
        for (const [name, def] of Object.entries(value as Record<string, JsonSchema>)) {
          const { $id, ...body } = def;
          if (typeof $id === 'string') components[$id] = rewrite(body) as JsonSchema;
          else kept[name] = rewrite(def);
        }
        if (Object.keys(kept).length) out.$defs = kept;
      } else if (key === '$ref' && typeof value === 'string' && ids.has(value)) {
        out.$ref = `#/components/schemas/${value}`;
      } else {
        out[key] = rewrite(value);
      }
    }
    return out;
  };
  return rewrite(copy) as JsonSchema;
}

function parametersOf(route: CatalogRoute, path: string): Record<string, unknown>[] {
  const parameters: Record<string, unknown>[] = [];
  const params = route.schema.params ? plain(route.schema.params) : undefined;
  const paramProps = (params?.properties ?? {}) as Record<string, JsonSchema>;
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1]!;
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: paramProps[name] ?? { type: 'string' },
      ...(name === WILDCARD_PARAM ? { description: 'the rest of the path' } : {}),
    });
  }
  const query = route.schema.querystring ? plain(route.schema.querystring) : undefined;
  const required = new Set((query?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>)) {
    parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  return parameters;
}

function responsesOf(route: CatalogRoute, components: Record<string, JsonSchema>): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const declared = (route.schema.response ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(declared)) {
    responses[status] = {
      description: `${status} response`,
      content: { 'application/json': { schema: sharedDefinitions(schema, components) } },
    };
  }
  // Only a route that declares no answer at all gets the placeholder: one whose only declared
  // answer is an error (POST /api/auth/keys: always 410) never succeeds.
  if (Object.keys(responses).length === 0) {
    responses['200'] = { description: 'Success (no response schema declared for this route)' };
  }
  for (const status of ['400', '401', '403', '404']) responses[status] ??= ERROR_RESPONSE;
  return responses;
}

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`;

/** The first path segment after `/api` (or the first one), grouping operations in the viewer. */
const tagOf = (path: string) =>
  path
    .replace(/^\/api\//, '/')
    .split('/')[1]
    ?.replace(/\{.*/, '') || 'web';

/**
 * The OpenAPI 3.1 document of every recorded route: its parameters, body and response schemas
 * (TypeBox's JSON Schema, which OpenAPI 3.1 takes as it is), its access rule in the description,
 * and the three ways to authenticate. Built from the routes, never written by hand.
 */
export function buildOpenApiDocument(
  routes: readonly CatalogRoute[],
  options: { version: string; cookieName: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' }, messageId: { type: 'string' } },
    },
  };
  for (const route of routes) {
    const path = openApiPath(route.url);
    const item = (paths[path] ??= {});
    const method = route.method.toLowerCase();
    if (!OPENAPI_METHODS.has(method)) {
      ((item['x-svc-methods'] ??= []) as string[]).push(route.method);
      continue;
    }
    const operation: Record<string, unknown> = {
      operationId: operationId(method, path),
      tags: [tagOf(path)],
      description: accessText(route),
      parameters: parametersOf(route, path),
      responses: responsesOf(route, schemas),
    };
    if (route.config.public === true) operation.security = [];
    if (route.schema.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: sharedDefinitions(route.schema.body, schemas) } },
      };
    }
    item[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc HTTP API',
      version: options.version,
      description:
        "svc's Grafana-compatible HTTP API, generated from the routes' own schemas. Every operation's " +
        'description names who may call it. Errors answer `{message}`.',
    },
    paths,
    security: [{ basicAuth: [] }, { bearerAuth: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'login (or email) and password' },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'a service-account token (glsa_…) or an API key',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookieName,
          description: 'the session cookie set by POST /login ([auth] login_cookie_name)',
        },
      },
      schemas,
      responses: {
        Error: {
          description: 'refused: `{message}` says why',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
