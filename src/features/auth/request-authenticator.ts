import type { FastifyRequest } from 'fastify';
import type { RequestAuthenticator } from '../../access/authentication.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthnService } from './authn.service.js';
import type { SessionCookie } from './session-cookie.js';

/**
 * The caller of a request from its credentials: Authorization header or session cookie, in the org
 * named by `X-Grafana-Org-Id` (or `X-Svc-Org-Id`). A session whose token was rotated gets the new
 * cookie on the reply.
 */
export function createRequestAuthenticator(deps: {
  authn: AuthnService;
  sessionCookie: SessionCookie;
  clock: Clock;
}): RequestAuthenticator {
  const credentialsOf = (request: FastifyRequest) => ({
    authorization: request.headers.authorization,
    sessionToken: deps.sessionCookie.read(request),
    orgHeader: header(request, 'x-grafana-org-id') ?? header(request, 'x-svc-org-id'),
    external: {
      headers: request.headers,
      remoteAddress: request.socket.remoteAddress ?? '',
      query: request.query,
    },
    connection: request.raw.socket,
  });
  return {
    cached: (request) => deps.authn.cached(credentialsOf(request)),
    async authenticate(request, reply) {
      const result = await deps.authn.authenticate({
        ...credentialsOf(request),
        client: clientInfo(request),
      });
      if (result.rotatedToken) deps.sessionCookie.write(reply, result.rotatedToken, deps.clock.now());
      return result.identity;
    },
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function clientInfo(request: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
