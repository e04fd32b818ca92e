import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import type { InFlightWork } from '../http/in-flight-work.js';
import { isStorableId } from '../lib/limits.js';
import type { Authorizer } from './authorizer.js';
import { inGlobalOrg, type Identity } from './identity.js';
import type { OrgRole } from './org-role.js';

/** Who is calling: the auth feature's answer for a request. */
export interface RequestAuthenticator {
  /** The caller when its identity is cached (no I/O, no promise); undefined: ask `authenticate`. */
  cached(request: FastifyRequest): Identity | undefined;
  /** The caller (the session cookie may be renewed on the reply); a 401 when nobody is signed in. */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<Identity>;
}

/**
 * Resolves the caller once per request and enforces what the route declares (see AccessConfig):
 * 401 before 403 before 400, so nothing about a resource leaks to a caller who may not see it.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    authenticator: RequestAuthenticator;
    authorizer: Authorizer;
    roleInOrg: (userId: number, orgId: number) => Promise<OrgRole | undefined>;
    inFlight: InFlightWork;
  },
): void {
  // Synchronous for public routes, and for callers whose identity and permissions are cached: no
  // promise on the hot path (each async step cost about a microsecond per request).
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    if (config.public || request.is404 || identifiedNow(request, config)) done();
    else deps.inFlight.track(identifyAndAuthorize(request, reply, config)).then(() => done(), done);
  });

  /**
   * Sets the caller and answers true when the caches alone show it may call the route. False
   * (a miss, a refusal, a route in another org) leaves everything to identifyAndAuthorize.
   */
  function identifiedNow(request: FastifyRequest, config: FastifyRequest['routeOptions']['config']): boolean {
    const identity = deps.authenticator.cached(request);
    if (!identity || (config.usersOnly && identity.kind !== 'user')) return false;
    if (config.permission) {
      if (config.orgParam || config.globalOrg) return false;
      const evaluator =
        typeof config.permission === 'function' ? config.permission(request) : config.permission;
      if (!deps.authorizer.grantedNow(identity, evaluator)) return false;
    }
    request.identity = { ...identity };
    return true;
  }

  async function identifyAndAuthorize(
    request: FastifyRequest,
    reply: FastifyReply,
    config: FastifyRequest['routeOptions']['config'],
  ): Promise<void> {
    // A copy per request: cached identities are shared, permissions are memoized per request.
    request.identity = { ...(await deps.authenticator.authenticate(request, reply)) };
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
