import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthnService } from '../features/auth/authn.service.js';
import type { SessionCookie } from '../features/auth/session-cookie.js';
import type { Clock } from '../lib/clock.js';
import type { Authorizer } from './authorize.js';
import { isStorableId } from '../lib/limits.js';
import { AppError } from './errors.js';
import type { Identity } from './identity.js';
import type { OrgRole } from '../features/rbac/basic-roles.js';

/**
 * Resolves the caller once per request and enforces what the route declares (see AccessConfig):
 * 401 before 403 before 400, so nothing about a resource leaks to a caller who may not see it.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    authn: AuthnService;
    authorizer: Authorizer;
    sessionCookie: SessionCookie;
    clock: Clock;
    roleInOrg: (userId: number, orgId: number) => Promise<OrgRole | undefined>;
  },
): void {
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config.public || request.is404) return;
    const result = await deps.authn.authenticate({
      authorization: request.headers.authorization,
      sessionToken: deps.sessionCookie.read(request),
      orgHeader: header(request, 'x-grafana-org-id') ?? header(request, 'x-svc-org-id'),
      client: clientInfo(request),
    });
    // A copy per request: cached identities are shared, permissions are memoized per request.
    request.identity = { ...result.identity };
    if (result.rotatedToken) deps.sessionCookie.write(reply, result.rotatedToken, deps.clock.now());
    if (config.usersOnly && request.identity.kind !== 'user') throw new AppError(403, config.usersOnly);
    if (config.permission) {
      const evaluator =
        typeof config.permission === 'function' ? config.permission(request) : config.permission;
      await deps.authorizer.authorize(await inOrgOfRoute(request, request.identity), evaluator);
    }
  });

  async function inOrgOfRoute(request: FastifyRequest, identity: Identity): Promise<Identity> {
    const { orgParam: param, globalOrg } = request.routeOptions.config;
    if (globalOrg) return { ...identity, orgId: 0, orgRole: identity.isServerAdmin ? 'Admin' : 'None' };
    if (!param) return identity;
    const orgId = Number((request.params as Record<string, string>)[param]);
    // Not an org id the column can hold: the schema answers 400 after the checks in the caller's org.
    if (!isStorableId(orgId) || orgId === identity.orgId) return identity;
    return { ...identity, orgId, orgRole: (await deps.roleInOrg(identity.userId, orgId)) ?? 'None' };
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function clientInfo(request: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
