import { adminApi } from './admin-api.js';
import type { Scenario } from './types.js';

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
      const account = await adminApi<{ id: number }>(ctx, 'POST', '/api/serviceaccounts', {
        name: 'bench',
        role: 'Viewer',
      });
      const token = await adminApi<{ key: string }>(
        ctx,
        'POST',
        `/api/serviceaccounts/${account.id}/tokens`,
        { name: 'bench' },
      );
      return { path: '/api/org', headers: { authorization: `Bearer ${token.key}` } };
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
