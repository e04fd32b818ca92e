import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Evaluator, Permission } from '../../src/access/evaluator.js';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';
import { registeredRoutes as routes, routeKey as key } from '../helpers/routes.js';

// Every route the app registers, with its access declaration, collected as Fastify sees them.
vi.mock('fastify', async (importOriginal) =>
  (await import('../helpers/routes.js')).recordingFastify(await importOriginal()),
);

/** Routes anybody may call. */
const PUBLIC = new Set([
  'GET /livez',
  'GET /readyz',
  'GET /healthz',
  'GET /api/health',
  'POST /api/login',
  'POST /login',
  'GET /api/logout',
  'GET /logout',
  // OpenID Connect sign-in (start and callback) and what the login page needs before sign-in
  'GET /login/generic_oauth',
  'GET /login/github',
  'GET /login/gitlab',
  'GET /login/google',
  'GET /login/azuread',
  'GET /login/okta',
  'GET /api/frontend/settings',
  'POST /api/user/auth-tokens/rotate',
  'GET /avatar/:hash',
  // the web UI for every path no API route claims
  'GET /*',
  // the OpenAPI document and its viewer (public, as Grafana's swagger)
  'GET /api/openapi.json',
  'GET /swagger',
  'GET /swagger/:file',
]);

/**
 * Routes any signed-in caller may call: they act on the caller itself, or filter what they show.
 * Entries may name routes a feature registers only when enabled or not yet merged.
 */
const SIGNED_IN = new Set([
  'GET /api/login/ping',
  'GET /api/user',
  'PUT /api/user',
  'PUT /api/user/password',
  'GET /api/user/orgs',
  'POST /api/user/using/:org_id',
  'GET /api/user/auth-tokens',
  'POST /api/user/revoke-auth-token',
  'GET /api/user/teams',
  'GET /api/user/preferences',
  'PUT /api/user/preferences',
  'PATCH /api/user/preferences',
  'POST /api/auth/keys',
  'GET /api/access-control/user/permissions',
  'GET /api/access-control/user/actions',
  'GET /api/access-control/:resource/description',
  // lists filtered by the caller's permissions (Grafana: signed-in only)
  'GET /api/dashboards/home',
  'GET /api/dashboards/tags',
  'GET /api/user/stars',
  'POST /api/user/stars/dashboard/uid/:uid',
  'DELETE /api/user/stars/dashboard/uid/:uid',
  'GET /api/folders',
  'GET /api/search',
  // the service checks dashboards:read on both dashboards it compares (Grafana declares dashboards:write)
  'POST /api/dashboards/calculate-diff',
  // SPEC: notifier types are open to every authenticated user
  'GET /api/alert-notifiers',
  // the news panel's feed: public content any dashboard viewer may read (svc fetches it for the page)
  'GET /api/news',
]);

/**
 * A value for each path parameter. Ids name nothing, so handlers answer 404 instead of changing
 * data; a dashboard and a folder with that uid exist (re-created before each route), because
 * unknown dashboards are 404 before any permission check.
 */
function paramValue(name: string): string {
  if (name === 'resource') return 'dashboards';
  if (name === 'builtinRole' || name === 'builtInRole') return 'Viewer';
  return '999999';
}

function instantiate(
  url: string,
  seedIds: Record<string, string>,
): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const path = url
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) => (params[name] = seedIds[name] ?? paramValue(name)))
    .replace(/\*$/, () => (params['*'] = 'x'));
  return { path, params };
}

/**
 * Minimal sets of permissions that each satisfy an evaluator: everything of `all`, one alternative
 * of `any` (in order, so the first one the admin may hand out is used).
 */
function grantsFor(evaluator: Evaluator): Permission[][] {
  if (evaluator.kind === 'permission')
    return [[{ action: evaluator.action, scope: evaluator.scopes[0] ?? '' }]];
  if (evaluator.kind === 'any') return evaluator.of.flatMap(grantsFor);
  return evaluator.of.reduce<Permission[][]>(
    (sets, child) => sets.flatMap((set) => grantsFor(child).map((more) => [...set, ...more])),
    [[]],
  );
}

/**
 * Routes whose service checks more than the route declares (with the same 403), and what else
 * the holder needs for the request the matrix sends.
 */
const SERVICE_CHECKS: Record<string, Permission[]> = {
  // moving to the root (no parentUid) needs folders:create there too
  'POST /api/folders/:uid/move': [{ action: 'folders:create', scope: 'folders:uid:general' }],
  // a library element's action on its folder (the seed's: the root)
  'GET /api/library-elements/:uid': [{ action: 'library.panels:read', scope: 'folders:uid:general' }],
  'GET /api/library-elements/:uid/connections': [
    { action: 'library.panels:read', scope: 'folders:uid:general' },
  ],
  'DELETE /api/library-elements/:uid': [{ action: 'library.panels:delete', scope: 'folders:uid:general' }],
};

const UNSENDABLE = new Set(['CONNECT', 'TRACE', 'TRACK']);

describe('permission matrix', () => {
  it('every route is public, signed-in only, or checked against its declared permission', async () => {
    routes.length = 0;
    const server = await startTestServer({ overrides: { rbac: { permission_validation_enabled: 'false' } } });
    const api = [...routes];

    // Nothing undeclared: a route without a permission must be listed above on purpose.
    const unlisted = api.filter(
      (r) => r.config.permission === undefined && !(r.config.public ? PUBLIC : SIGNED_IN).has(key(r)),
    );
    expect(
      unlisted.map(key),
      'routes without a declared permission that are not listed as public or signed-in',
    ).toEqual([]);
    const wronglyListed = api.filter(
      (r) => r.config.permission !== undefined && (PUBLIC.has(key(r)) || SIGNED_IN.has(key(r))),
    );
    expect(wronglyListed.map(key)).toEqual([]);

    // A caller with no permissions at all, and one given exactly the route's permission.
    const nobody = await createUser(server);
    const holder = await createUser(server);
    for (const user of [nobody, holder]) {
      const none = await call(server, 'PATCH', `/api/org/users/${user.id}`, {
        as: ADMIN,
        body: { role: 'None' },
      });
      expect(none.status).toBe(200);
    }
    const role = await call(server, 'POST', '/api/access-control/roles', {
      as: ADMIN,
      body: { name: 'custom:matrix', uid: 'matrix', global: true },
    });
    expect(role.status).toBe(201);
    const assigned = await call(server, 'POST', `/api/access-control/users/${holder.id}/roles`, {
      as: ADMIN,
      body: { roleUid: 'matrix', global: true },
    });
    expect(assigned.status).toBe(200);

    const SEED = paramValue('uid');
    async function ensureSeeds() {
      if ((await call(server, 'GET', `/api/folders/${SEED}`, { as: ADMIN })).status === 404) {
        const folder = await call(server, 'POST', '/api/folders', {
          as: ADMIN,
          body: { uid: SEED, title: 'Matrix' },
        });
        expect(folder.status, JSON.stringify(folder.body)).toBe(200);
      }
      if ((await call(server, 'GET', `/api/dashboards/uid/${SEED}`, { as: ADMIN })).status === 404) {
        const dashboard = await call(server, 'POST', '/api/dashboards/db', {
          as: ADMIN,
          body: { dashboard: { uid: SEED, title: 'Matrix' }, overwrite: true },
        });
        expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
      }
      if ((await call(server, 'GET', `/api/library-elements/${SEED}`, { as: ADMIN })).status === 404) {
        const element = await call(server, 'POST', '/api/library-elements', {
          as: ADMIN,
          body: { uid: SEED, name: 'Matrix', kind: 1, model: {} },
        });
        expect(element.status, JSON.stringify(element.body)).toBe(200);
      }
    }

    let version = 1;
    const checked: string[] = [];
    // The deprecated numeric-id routes name the seeds by id (unknown ids are 404 for everybody).
    async function seedIds(url: string): Promise<Record<string, string>> {
      const ids: Record<string, string> = {};
      if (url.includes(':dashboardId')) {
        const seed = await call(server, 'GET', `/api/dashboards/uid/${SEED}`, { as: ADMIN });
        ids.dashboardId = String(seed.body.dashboard.id);
      }
      if (url.includes(':folderId')) {
        ids.folderId = String((await call(server, 'GET', `/api/folders/${SEED}`, { as: ADMIN })).body.id);
      }
      return ids;
    }

    for (const route of api) {
      if (route.config.public) continue;
      await ensureSeeds();
      const { path, params } = instantiate(route.url, await seedIds(route.url));
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const label = `${route.method} ${route.url}`;

      // fetch cannot send these; such routes share their declaration with a method it can send.
      if (UNSENDABLE.has(route.method)) {
        const twin = api.find(
          (r) =>
            r.url === route.url &&
            !UNSENDABLE.has(r.method) &&
            r.config.permission === route.config.permission,
        );
        expect(twin, `${label}: no sendable method with the same declaration`).toBeDefined();
        continue;
      }
      const anonymous = await call(server, route.method, path, { body });
      expect(anonymous.status, `${label} without credentials`).toBe(401);
      if (route.config.permission === undefined) continue;

      const declared = route.config.permission as Evaluator | ((request: FastifyRequest) => Evaluator);
      const evaluator =
        typeof declared === 'function'
          ? declared({ params, query: {}, body: {}, headers: {} } as unknown as FastifyRequest)
          : declared;
      const refused = await call(server, route.method, path, { as: nobody.as, body });
      expect(refused.status, `${label} for a caller without permissions`).toBe(403);
      expect(refused.body.message).toMatch(
        /^You'll need additional permissions to perform this action\. Permissions needed: /,
      );

      // Exactly one alternative's permissions on the caller's only custom role.
      let granted: Permission[] | undefined;
      const refusals: string[] = [];
      for (const candidate of grantsFor(evaluator)) {
        version += 1;
        const update = await call(server, 'PUT', '/api/access-control/roles/matrix', {
          as: ADMIN,
          body: {
            version,
            name: 'custom:matrix',
            permissions: [...candidate, ...(SERVICE_CHECKS[label] ?? [])],
          },
        });
        if (update.status === 200) {
          granted = candidate;
          break;
        }
        version -= 1;
        refusals.push(`${JSON.stringify(candidate)}: ${JSON.stringify(update.body)}`);
      }
      expect(granted, `${label}: the admin could hand out none of ${refusals.join('; ')}`).toBeDefined();
      const allowed = await call(server, route.method, path, { as: holder.as, body });
      expect(
        [401, 403],
        `${label} with exactly ${JSON.stringify(granted)}: ${JSON.stringify(allowed.body)}`,
      ).not.toContain(allowed.status);
      checked.push(label);
    }
    expect(checked.length).toBeGreaterThan(60);
    // One walk over every route (three calls and a custom role each): minutes on a loaded machine.
  }, 300_000);
});
