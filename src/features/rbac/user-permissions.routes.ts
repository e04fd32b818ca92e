import type { Api } from '../../http/api.js';
import type { Authorizer } from '../../access/authorizer.js';
import { identityOf } from '../../access/identity.js';
import { ReloadQuery } from './rbac.schema.js';

/** The caller's own effective permissions; any signed-in caller may ask. */
export function registerUserPermissionsRoutes(api: Api, authorizer: Authorizer): void {
  // Grafana compat: grouped by action, not reduced; scopeless actions give [""].
  api.get(
    '/api/access-control/user/permissions',
    { schema: { querystring: ReloadQuery } },
    async (request) => {
      const held = await authorizer.permissionsOf(identityOf(request), {
        reload: request.query.reloadcache === true,
      });
      return Object.fromEntries(held);
    },
  );

  api.get('/api/access-control/user/actions', { schema: { querystring: ReloadQuery } }, async (request) => {
    const held = await authorizer.permissionsOf(identityOf(request), {
      reload: request.query.reloadcache === true,
    });
    return Object.fromEntries([...held.keys()].map((action) => [action, true]));
  });
}
