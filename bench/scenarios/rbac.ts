import { adminApi } from './admin-api.js';
import type { Scenario } from './types.js';

const SCOPED_PERMISSIONS = 1000;
const CHECKED = `bench-${SCOPED_PERMISSIONS - 1}`;

/**
 * Permission evaluation for a caller holding 1 000 scoped permissions (a custom role with
 * `dashboards.permissions:read` on 1 000 distinct dashboards), on an endpoint that checks that
 * action on the last of them, next to the same endpoint for the admin (one wildcard).
 */
export const rbacScenarios: Scenario[] = [
  {
    name: 'GET /api/access-control/dashboards/{uid} (1000 scoped permissions)',
    async prepare(ctx) {
      const login = `bench-rbac-${Date.now()}`;
      const password = 'bench-rbac-password';
      const user = await adminApi<{ id: number }>(ctx, 'POST', '/api/admin/users', {
        login,
        email: `${login}@example.com`,
        password,
      });
      await adminApi(ctx, 'PATCH', `/api/org/users/${user.id}`, { role: 'None' });
      const permissions = Array.from({ length: SCOPED_PERMISSIONS }, (_, i) => ({
        action: 'dashboards.permissions:read',
        scope: `dashboards:uid:bench-${i}`,
      }));
      await adminApi(ctx, 'POST', '/api/access-control/roles', {
        name: `custom:${login}`,
        uid: login,
        permissions,
      });
      await adminApi(ctx, 'POST', `/api/access-control/users/${user.id}/roles`, { roleUid: login });
      // The checked dashboard exists (the API answers 404 for one that does not).
      await adminApi(ctx, 'POST', '/api/dashboards/db', {
        dashboard: { uid: CHECKED, title: 'Bench RBAC' },
        overwrite: true,
      });
      return {
        path: `/api/access-control/dashboards/${CHECKED}`,
        headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
      };
    },
  },
  {
    name: 'GET /api/access-control/dashboards/{uid} (admin, wildcard)',
    prepare: (ctx) => ({
      path: `/api/access-control/dashboards/${CHECKED}`,
      headers: { authorization: ctx.adminAuth },
    }),
  },
];
