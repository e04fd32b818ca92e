import type { BenchContext, Scenario } from './types.js';

async function api<T>(
  ctx: BenchContext,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(ctx.url + path, {
    method,
    headers: { authorization: ctx.adminAuth, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as T, headers: response.headers };
}

/** The three ways to authenticate, on the cheapest authenticated endpoint, plus the login itself. */
export const identityScenarios: Scenario[] = [
  {
    name: 'GET /api/user (session cookie)',
    async prepare(ctx) {
      const response = await fetch(`${ctx.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'admin', password: 'admin' }),
      });
      const cookie = response.headers
        .getSetCookie()
        .find((c) => c.startsWith('svc_session='))!
        .split(';')[0]!;
      return { path: '/api/user', headers: { cookie } };
    },
  },
  {
    name: 'GET /api/user (Basic)',
    prepare: (ctx) => ({ path: '/api/user', headers: { authorization: ctx.adminAuth } }),
  },
  {
    name: 'GET /api/org (service-account token)',
    async prepare(ctx) {
      const account = await api<{ id: number }>(ctx, 'POST', '/api/serviceaccounts', {
        name: 'bench',
        role: 'Viewer',
      });
      const token = await api<{ key: string }>(
        ctx,
        'POST',
        `/api/serviceaccounts/${account.body.id}/tokens`,
        { name: 'bench' },
      );
      return { path: '/api/org', headers: { authorization: `Bearer ${token.body.key}` } };
    },
  },
  {
    name: 'POST /api/login',
    prepare: () => ({
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', password: 'admin' }),
    }),
  },
];
