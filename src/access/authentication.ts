import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { isStorableId } from '../lib/limits.js';
import type { Authorizer } from './authorizer.js';
import { inGlobalOrg, type Identity } from './identity.js';
import type { OrgRole } from './org-role.js';

/**
 * Who is calling: the auth feature's answer for a request (it may renew the session cookie on the
 * reply). Throws 401 when nobody is signed in.
 */
export type RequestAuthenticator = (request: FastifyRequest, reply: FastifyReply) => Promise<Identity>;

/**
 * Resolves the caller once per request and enforces what the route declares (see AccessConfig):
 * 401 before 403 before 400, so nothing about a resource leaks to a caller who may not see it.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    authenticate: RequestAuthenticator;
    authorizer: Authorizer;
    roleInOrg: (userId: number, orgId: number) => Promise<OrgRole | undefined>;
  },
): void {
  // Synchronous for public routes: no promise for a request that needs no identity.
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    if (config.public || request.is404) done();
    else identifyAndAuthorize(request, reply, config).then(() => done(), done);
  });

  async function identifyAndAuthorize(
    request: FastifyRequest,
    reply: FastifyReply,
    config: FastifyRequest['routeOptions']['config'],
  ): Promise<void> {
    // A copy per request: cached identities are shared, permissions are memoized per request.
    request.identity = { ...(await deps.authenticate(request, reply)) };
    if (config.usersOnly && request.identity.kind !== 'user') throw new AppError(403, config.usersOnly);
    if (config.permission) {
      const evaluator =
        typeof config.permission === 'function' ? config.permission(request) : config.permission;
      await deps.authorizer.authorize(await inOrgOfRoute(request, config, request.identity), evaluator);
    }
  }

  // `config` is read once per request: `request.routeOptions` builds a new object on each access.
  async function inOrgOfRoute(
    request: FastifyRequest,
    config: FastifyRequest['routeOptions']['config'],
    identity: Identity,
  ): Promise<Identity> {
    const { orgParam: param, globalOrg } = config;
    if (globalOrg) return inGlobalOrg(identity);
    if (!param) return identity;
    const orgId = Number((request.params as Record<string, string>)[param]);
    // Not an org id the column can hold: the schema answers 400 after the checks in the caller's org.
    if (!isStorableId(orgId) || orgId === identity.orgId) return identity;
    return { ...identity, orgId, orgRole: (await deps.roleInOrg(identity.userId, orgId)) ?? 'None' };
  }
}
