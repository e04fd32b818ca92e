import { describe, expect, it, vi } from 'vitest';
import { MAX_ID } from '../../src/lib/limits.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, cookieValue, session, type ApiResponse, type Caller } from '../helpers/client.js';
import { createOrg, createUser } from '../helpers/factories.js';
import { registeredRoutes, routeKey, type RegisteredRoute } from '../helpers/routes.js';
import {
  branchOf,
  exampleOf,
  fieldsOf,
  unlimitedStrings,
  type Field,
  withValue,
  wrongTypeOf,
  type Schema,
} from '../helpers/schema-fields.js';

// Every route the app registers, with its schemas, collected as Fastify sees them.
vi.mock('fastify', async (importOriginal) =>
  (await import('../helpers/routes.js')).recordingFastify(await importOriginal()),
);

/** Strings of a body that have no maxLength on purpose: `<route pattern>`, `<field>`, why. */
interface Unlimited {
  routes: RegExp;
  fields: string[];
  reason: string;
}

const UNLIMITED: Unlimited[] = [
  {
    routes:
      /^(POST \/login|POST \/api\/login|PUT \/api\/user\/password|POST \/api\/admin\/users|PUT \/api\/admin\/users\/:user_id\/password)$/,
    fields: ['.password', '.oldPassword', '.newPassword', '.confirmNew'],
    reason: 'passwords are hashed (or compared) and never stored as sent; the body limit bounds them',
  },
  {
    routes: /^(POST|PUT) \/api\/datasources/,
    fields: ['.password', '.basicAuthPassword', '.secureJsonData{}'],
    reason: 'secrets are encrypted into an unbounded JSON column; the body limit bounds them',
  },
  {
    routes: /^(POST|PUT|PATCH) \/api\/annotations/,
    fields: ['.text'],
    reason: 'free-form text in an unbounded TEXT column (as in Grafana); the body limit bounds it',
  },
  {
    routes:
      /^(PUT \/api\/v1\/provisioning\/templates\/:name|POST \/api\/alertmanager\/\w+\/config\/api\/v1\/templates\/test)$/,
    fields: ['.template'],
    reason:
      'notification template text in an unbounded TEXT column (as in Grafana); the body limit bounds it',
  },
];

/** Values of path parameters that name what the world below created. */
interface World {
  self: Caller;
  userId: number;
  orgId: number;
  teamId: number;
  serviceAccountId: number;
  tokenId: number;
  dashboardUid: string;
  dashboardId: number;
  folderUid: string;
  folderId: number;
  dataSourceUid: string;
  dataSourceId: number;
  annotationId: number;
  roleUid: string;
  contactPointUid: string;
  templateName: string;
  libraryElementUid: string;
}

let counter = 0;
const next = () => ++counter;
const WEBHOOK = { url: 'http://127.0.0.1:9/bad-input' };

/** Valid bodies where the schema alone cannot make one (unique names, existing things). */
const EXAMPLES: Record<string, (world: World) => unknown> = {
  'POST /api/login': () => ({ user: 'nobody', password: 'wrong' }),
  'POST /login': () => ({ user: 'nobody', password: 'wrong' }),
  'POST /api/admin/users': () => ({ login: `bad-input-${next()}`, password: 'password-123' }),
  'PUT /api/org': () => ({ name: 'Main Org.' }),
  'POST /api/orgs': () => ({ name: `Org ${next()}` }),
  'PUT /api/orgs/:org_id': () => ({ name: 'Target org' }),
  'POST /api/org/users': () => ({ loginOrEmail: 'nobody', role: 'Viewer' }),
  'POST /api/orgs/:org_id/users': () => ({ loginOrEmail: 'nobody', role: 'Viewer' }),
  'PATCH /api/org/users/:userId': () => ({ role: 'Viewer' }),
  'PATCH /api/orgs/:org_id/users/:userId': () => ({ role: 'Viewer' }),
  'POST /api/teams': () => ({ name: `Team ${next()}` }),
  'PUT /api/teams/:id': () => ({ name: 'Target team' }),
  'POST /api/serviceaccounts': () => ({ name: `sa-${next()}` }),
  'POST /api/serviceaccounts/:serviceAccountId/tokens': () => ({ name: `token-${next()}` }),
  'POST /api/dashboards/db': () => ({ dashboard: { title: `Dashboard ${next()}` } }),
  'POST /api/dashboards/calculate-diff': (w) => ({
    base: { dashboardUid: w.dashboardUid, version: 1 },
    new: { dashboardUid: w.dashboardUid, version: 1 },
  }),
  'POST /api/folders': () => ({ title: `Folder ${next()}` }),
  'PUT /api/folders/:uid': () => ({ overwrite: true }),
  'POST /api/datasources': () => ({ name: `ds-${next()}`, type: 'testdata', url: '' }),
  'PUT /api/datasources/uid/:uid': () => ({ name: 'target-ds', type: 'testdata', url: '' }),
  'PUT /api/datasources/:id': () => ({ name: 'target-ds', type: 'testdata', url: '' }),
  'POST /api/annotations': () => ({ text: 'note' }),
  'PUT /api/annotations/:annotationId': () => ({ text: 'note' }),
  'PATCH /api/annotations/:annotationId': () => ({ text: 'note' }),
  'POST /api/access-control/roles': () => ({ name: `custom:bad-input-${next()}` }),
  // every update needs a newer version than the role has
  'PUT /api/access-control/roles/:roleUID': () => ({ version: 1000 + next(), name: 'custom:target' }),
  'POST /api/access-control/builtin-roles': (w) => ({ roleUid: w.roleUid, builtInRole: 'Viewer' }),
  'POST /api/access-control/users/:userId/roles': (w) => ({ roleUid: w.roleUid }),
  'POST /api/access-control/teams/:teamId/roles': (w) => ({ roleUid: w.roleUid }),
  'PUT /api/access-control/users/:userId/roles': (w) => ({ roleUids: [w.roleUid] }),
  'PUT /api/access-control/teams/:teamId/roles': (w) => ({ roleUids: [w.roleUid] }),
  'POST /api/access-control/:resource/:resourceId/users/:userId': () => ({ permission: 'View' }),
  'POST /api/access-control/:resource/:resourceId/teams/:teamId': () => ({ permission: 'View' }),
  'POST /api/access-control/:resource/:resourceId/builtInRoles/:builtInRole': () => ({ permission: 'View' }),
  'POST /api/v1/provisioning/contact-points': () => ({
    name: `cp-${next()}`,
    type: 'webhook',
    settings: WEBHOOK,
  }),
  'PUT /api/v1/provisioning/contact-points/:uid': () => ({
    name: 'target-cp',
    type: 'webhook',
    settings: WEBHOOK,
  }),
  'PUT /api/v1/provisioning/templates/:name': () => ({ template: '{{ define "bad-input" }}x{{ end }}' }),
};

function paramValue(url: string, name: string, w: World): string {
  switch (name) {
    case 'uid':
      if (url.startsWith('/api/folders')) return w.folderUid;
      if (url.startsWith('/api/datasources')) return w.dataSourceUid;
      if (url.includes('contact-points')) return w.contactPointUid;
      if (url.startsWith('/api/library-elements')) return w.libraryElementUid;
      return w.dashboardUid;
    case 'id':
      if (url.startsWith('/api/teams')) return String(w.teamId);
      if (url.startsWith('/api/datasources')) return String(w.dataSourceId);
      if (url.includes('/versions/')) return '1';
      return '999999';
    case 'org_id':
      return String(w.orgId);
    case 'user_id':
    case 'userId':
      return String(w.userId);
    case 'teamId':
      return String(w.teamId);
    case 'dashboardId':
      return String(w.dashboardId);
    case 'folderId':
      return String(w.folderId);
    case 'serviceAccountId':
      return String(w.serviceAccountId);
    case 'tokenId':
      return String(w.tokenId);
    case 'annotationId':
      return String(w.annotationId);
    case 'roleUID':
      return w.roleUid;
    case 'resource':
      return 'dashboards';
    case 'resourceId':
      return w.dashboardUid;
    case 'builtinRole':
    case 'builtInRole':
      return 'Viewer';
    case 'name':
      if (url.includes('/templates/')) return w.templateName;
      if (url.includes('/datasources/')) return 'target-ds';
      return 'target-cp';
    case 'namespace':
      return 'default';
    case 'org_name':
      return 'Main Org.';
    default:
      return 'x';
  }
}

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
const isIdParam = (name: string) => /^(id|[a-z]+_id|[a-zA-Z]+Id)$/.test(name) && name !== 'resourceId';

function pathOf(url: string, world: World, override: Record<string, string> = {}): string {
  return url
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
      encodeURIComponent(override[name] ?? paramValue(url, name, world)),
    )
    .replace(/\*$/, 'x');
}

/** n characters as the databases count them, of 1 to 4 bytes in UTF-8; `İ` lower-cases to two. */
function multibyte(n: number): string {
  const chars = ['é', '😀', 'İ', 'x'];
  return Array.from({ length: n }, (_, i) => chars[i % chars.length]).join('');
}

const messageOf = (response: ApiResponse): string => {
  const message = (response.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
};
const show = (response: ApiResponse) => `${response.status} ${JSON.stringify(response.body)?.slice(0, 200)}`;
/** The name a message must mention: the last property of the path (`role` of `items.0.role`). */
const fieldName = (path: string[]) => [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? '';
const HUGE_IDS = ['99999999999999999999999', String(MAX_ID + 1), '-1', '1e30'];
const HUGE_NUMBERS = ['99999999999999999999999', '-99999999999999999999999'];

/** One route's requests, as the caller the route acts for, with a failure list. */
interface Probe {
  route: RegisteredRoute;
  path: string;
  send(path: string, body?: unknown): Promise<ApiResponse>;
  /** a valid body, fresh for each request (names stay unique) */
  example(): unknown;
  fail(text: string): void;
}

/** Path parameters: ids beyond their column, negative or no number are 400 or 404; long names never 5xx. */
async function checkParams(probe: Probe, world: World): Promise<number> {
  const { route } = probe;
  let checked = 0;
  for (const name of paramNames(route.url)) {
    if (isIdParam(name)) {
      for (const value of HUGE_IDS) {
        const response = await probe.send(pathOf(route.url, world, { [name]: value }), probe.example());
        if (![400, 404].includes(response.status)) probe.fail(`${name}=${value}: ${show(response)}`);
        checked++;
      }
    } else if (!/^(resource|namespace)$/.test(name)) {
      const long = pathOf(route.url, world, { [name]: 'x'.repeat(1000) });
      const response = await probe.send(long, probe.example());
      if (response.status >= 500) probe.fail(`${name} of 1000 characters: ${show(response)}`);
    }
  }
  return checked;
}

/** Numbers in query strings beyond what any column holds: never 5xx. */
async function checkQuery(probe: Probe, query: Schema): Promise<void> {
  for (const [name, property] of Object.entries(query.properties ?? {})) {
    if (!branchOf(property, 'integer')) continue;
    for (const value of HUGE_NUMBERS) {
      const response = await probe.send(`${probe.path}?${name}=${value}`);
      if (response.status >= 500) probe.fail(`?${name}=${value}: ${show(response)}`);
    }
  }
}

/**
 * One body field: a string at its limit (ASCII and multi-byte) is never 5xx nor refused as too
 * long, one past it is 400 naming the field and the limit; a wrong JSON type is 400 naming the
 * field. Numbers are returned as checks to run after every string of the route: an accepted large
 * number (a version) can change what the examples rely on.
 */
async function checkField(
  probe: Probe,
  body: Schema,
  field: Field,
  declared: Record<string, unknown>,
): Promise<(() => Promise<void>) | undefined> {
  const name = fieldName(field.path);
  const where = `body.${field.path.join('.')}`;
  const send = (value: unknown) =>
    probe.send(probe.path, withValue(probe.example(), field.path, value, body));

  const string = branchOf(field.schema, 'string');
  if (string?.maxLength !== undefined) {
    const max = string.maxLength;
    const past = await send('x'.repeat(max + 1));
    const pastMessage = messageOf(past);
    if (past.status !== 400 || !pastMessage.includes(name))
      probe.fail(`${where} of ${max + 1} characters: want 400 naming ${name}, got ${show(past)}`);
    // Grafana's own messages (declared by the route) do not always name the limit.
    else if (!declared[`${where} maxLength`] && !pastMessage.includes(String(max)))
      probe.fail(`${where} of ${max + 1} characters: the message does not name the limit ${max}`);
    const ascii = await send('x'.repeat(max));
    if (ascii.status >= 500 || (ascii.status === 400 && messageOf(ascii) === pastMessage))
      probe.fail(`${where} of ${max} characters: ${show(ascii)}`);
    const wide = await send(multibyte(max));
    if (wide.status >= 500) probe.fail(`${where} of ${max} multi-byte characters: ${show(wide)}`);
  }

  const wrong = wrongTypeOf(field.schema);
  if (wrong !== undefined) {
    const response = await send(wrong);
    if (response.status !== 400 || !messageOf(response).includes(name))
      probe.fail(`${where} = ${JSON.stringify(wrong)}: want 400 naming ${name}, got ${show(response)}`);
  }

  const integer = branchOf(field.schema, 'integer');
  if (!integer) return undefined;
  return async () => {
    const { maximum } = integer;
    const over = await send(maximum === undefined ? 1e20 : maximum + 1);
    if (over.status >= 500 || (maximum !== undefined && over.status !== 400))
      probe.fail(`${where} = ${maximum === undefined ? 1e20 : maximum + 1}: ${show(over)}`);
    if (maximum === undefined) return;
    const top = await send(maximum);
    if (top.status >= 500) probe.fail(`${where} = ${maximum}: ${show(top)}`);
  };
}

/** Strings of request bodies without a maxLength that are not listed above. */
function checkLimitsDeclared(routes: RegisteredRoute[], failures: string[]): void {
  const used = new Set<string>();
  for (const route of routes) {
    const body = route.schema.body as Schema | undefined;
    if (!body) continue;
    for (const field of unlimitedStrings(body)) {
      const entry = UNLIMITED.find((e) => e.routes.test(routeKey(route)) && e.fields.includes(field));
      if (entry) used.add(`${entry.routes.source} ${field}`);
      else failures.push(`${routeKey(route)}: body${field} is a string without maxLength`);
    }
  }
  for (const entry of UNLIMITED)
    for (const field of entry.fields)
      if (!used.has(`${entry.routes.source} ${field}`))
        failures.push(`listed without maxLength but limited or gone: ${entry.routes.source} ${field}`);
}

describe('bad input', () => {
  it('body fields at and past their limit or of a wrong type, ids beyond their column: 4xx, never 5xx', async () => {
    registeredRoutes.length = 0;
    const server = await startTestServer();
    // fetch sends these; the data source proxy's other methods share its declarations
    const routes = registeredRoutes.filter(
      (r) => r.url !== '/*' && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    const world = await createWorld(server);
    const failures: string[] = [];
    checkLimitsDeclared(routes, failures);

    const checked = { routes: 0, fields: 0, ids: 0 };
    for (const route of routes) {
      const key = routeKey(route);
      const schema = route.schema as { body?: Schema; querystring?: Schema };
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      // The signed-in user's own routes act for a user of their own: the admin keeps its login.
      const as = route.url === '/api/user' || route.url.startsWith('/api/user/') ? world.self : ADMIN;
      const probe: Probe = {
        route,
        path: pathOf(route.url, world),
        send: (path, body) => call(server, route.method, path, { as, body }),
        example: () =>
          hasBody
            ? (EXAMPLES[key]?.(world) ?? (schema.body ? exampleOf(schema.body) : undefined))
            : undefined,
        fail: (text) => failures.push(`${key}: ${text}`),
      };
      checked.routes++;
      checked.ids += await checkParams(probe, world);
      if (schema.querystring && route.method === 'GET') await checkQuery(probe, schema.querystring);
      if (hasBody && schema.body) {
        const declared = (route.config.schemaErrors ?? {}) as Record<string, unknown>;
        const numbers: (() => Promise<void>)[] = [];
        for (const field of fieldsOf(schema.body)) {
          const check = await checkField(probe, schema.body, field, declared);
          if (check) numbers.push(check);
          checked.fields++;
        }
        for (const check of numbers) await check();
      }
      const health = await call(server, 'GET', '/api/health');
      if (health.status !== 200) probe.fail(`the server is unhealthy afterwards: ${show(health)}`);
      await ensureWorld(server, world);
    }
    expect(failures).toEqual([]);
    // Nothing skipped by mistake: about 190 routes, 430 body fields and 75 id parameters.
    expect(checked.routes).toBeGreaterThan(180);
    expect(checked.fields).toBeGreaterThan(400);
    expect(checked.ids).toBeGreaterThan(280);
  }, 300_000);
});

/** What the routes act on, created through the API as the admin. */
async function createWorld(server: TestServer): Promise<World> {
  const ok = async (method: string, path: string, body?: unknown, as: Caller = ADMIN) => {
    const response = await call(server, method, path, { as, body });
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  const user = await createUser(server, { login: 'bad-input-target' });
  const selfUser = await createUser(server, { login: 'bad-input-self' });
  const login = await call(server, 'POST', '/api/login', {
    body: { user: selfUser.login, password: selfUser.password },
  });
  const orgId = await createOrg(server, 'Target org');
  await ok('POST', `/api/orgs/${orgId}/users`, { loginOrEmail: user.login, role: 'Viewer' });
  const team = await ok('POST', '/api/teams', { name: 'Target team' });
  const account = await ok('POST', '/api/serviceaccounts', { name: 'target-sa' });
  const token = await ok('POST', `/api/serviceaccounts/${account.id}/tokens`, { name: 'target-token' });
  const annotation = await ok('POST', '/api/annotations', { text: 'target' });
  await ok('POST', '/api/access-control/roles', { name: 'custom:target', uid: 'target-role' });
  const world: World = {
    self: session(cookieValue(login.cookies, 'svc_session')!),
    userId: user.id,
    orgId,
    teamId: team.teamId,
    serviceAccountId: account.id,
    tokenId: token.id,
    dashboardUid: 'target-dash',
    dashboardId: 0,
    folderUid: 'target-folder',
    folderId: 0,
    dataSourceUid: 'target-ds',
    dataSourceId: 0,
    annotationId: annotation.id,
    roleUid: 'target-role',
    contactPointUid: '',
    templateName: 'target-template',
    libraryElementUid: 'target-lib',
  };
  await ensureWorld(server, world);
  return world;
}

/** Re-creates what a route renamed or removed, so the next route finds it again. */
async function ensureWorld(server: TestServer, world: World): Promise<void> {
  const missing = async (path: string) => (await call(server, 'GET', path, { as: ADMIN })).status === 404;
  const create = async (path: string, body: unknown, method = 'POST') => {
    const response = await call(server, method, path, { as: ADMIN, body });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  if (await missing(`/api/dashboards/uid/${world.dashboardUid}`))
    await create('/api/dashboards/db', { dashboard: { uid: world.dashboardUid, title: 'Target dashboard' } });
  if (await missing(`/api/folders/${world.folderUid}`))
    await create('/api/folders', { uid: world.folderUid, title: `Target folder ${next()}` });
  const read = async (path: string) => (await call(server, 'GET', path, { as: ADMIN })).body;
  world.dashboardId = (await read(`/api/dashboards/uid/${world.dashboardUid}`)).dashboard.id;
  world.folderId = (await read(`/api/folders/${world.folderUid}`)).id;
  if (await missing(`/api/datasources/uid/${world.dataSourceUid}`)) {
    const name = (await missing('/api/datasources/name/target-ds')) ? 'target-ds' : `target-ds-${next()}`;
    const created = await create('/api/datasources', {
      name,
      type: 'testdata',
      url: '',
      uid: world.dataSourceUid,
    });
    world.dataSourceId = created.id;
  }
  if (await missing(`/api/library-elements/${world.libraryElementUid}`)) {
    const name = `Target library panel ${next()}`;
    await create('/api/library-elements', { uid: world.libraryElementUid, name, kind: 1, model: {} });
  }
  if (await missing(`/api/v1/provisioning/templates/${world.templateName}`))
    await create(`/api/v1/provisioning/templates/${world.templateName}`, { template: 'target' }, 'PUT');
  const points = (
    await call(server, 'GET', '/api/v1/provisioning/contact-points?name=target-cp', { as: ADMIN })
  ).body as { uid: string }[];
  if (!points.some((p) => p.uid === world.contactPointUid)) {
    world.contactPointUid =
      points[0]?.uid ??
      (
        await create('/api/v1/provisioning/contact-points', {
          name: 'target-cp',
          type: 'webhook',
          settings: WEBHOOK,
        })
      ).uid;
  }
}
