import type { Api } from '../../http/api.js';
import type { Authorizer } from '../../access/authorizer.js';
import { identityOf } from '../../access/identity.js';
import { toPermissionMap } from '../../access/evaluator.js';
import { ReloadQuery, UserActionsResponse, UserPermissionsResponse } from './rbac.schema.js';
import type { ResourcePermissions } from './resource-permissions.service.js';

/** The caller's own effective permissions; any signed-in caller may ask. */
export function registerUserPermissionsRoutes(
  api: Api,
  authorizer: Authorizer,
  resourcePermissions: ResourcePermissions,
): void {
  // Grafana compat: grouped by action, not reduced; scopeless actions give [""]. Grants on single
  // dashboards (kept out of the cached set) and grants derived by rule (a dashboard's defaults) are
  // listed as if they were part of it.
  api.get(
    '/api/access-control/user/permissions',
    { schema: { querystring: ReloadQuery, response: { 200: UserPermissionsResponse } } },
    async (request) => {
      const identity = identityOf(request);
      const [held, indexed, byRule] = await Promise.all([
        authorizer.permissionsOf(identity, { reload: request.query.reloadcache === true }),
        authorizer.indexedGrantsOf(identity),
        resourcePermissions.derivedHeldBy(identity),
      ]);
      const derived = [...indexed, ...byRule];
      if (!derived.length) return Object.fromEntries(held);
      const stored = [...held].flatMap(([action, scopes]) => scopes.map((scope) => ({ action, scope })));
      return Object.fromEntries(toPermissionMap([...stored, ...derived]));
    },
  );

  api.get(
    '/api/access-control/user/actions',
    { schema: { querystring: ReloadQuery, response: { 200: UserActionsResponse } } },
    async (request) => {
      const identity = identityOf(request);
      const [held, indexed, derived] = await Promise.all([
        authorizer.permissionsOf(identity, { reload: request.query.reloadcache === true }),
        authorizer.indexedGrantsOf(identity),
        resourcePermissions.derivedHeldBy(identity),
      ]);
      const actions = new Set([
        ...held.keys(),
        ...indexed.map((p) => p.action),
        ...derived.map((p) => p.action),
      ]);
      return Object.fromEntries([...actions].map((action) => [action, true]));
    },
  );
}
