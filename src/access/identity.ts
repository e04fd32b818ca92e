import type { FastifyRequest } from 'fastify';
import type { Evaluator } from './evaluator.js';
import type { OrgRole } from './org-role.js';

/** Who is calling, resolved once per request by the authentication chain. */
export interface Identity {
  kind: 'user' | 'service-account';
  userId: number;
  uid: string;
  login: string;
  email: string;
  name: string;
  /** the organization this request acts in */
  orgId: number;
  orgRole: OrgRole;
  isServerAdmin: boolean;
  /** proxy: `[auth.proxy]`; jwt: `[auth.jwt]` (neither has a session) */
  authMethod: 'session' | 'basic' | 'token' | 'proxy' | 'jwt';
  /** set when authenticated by the session cookie */
  sessionTokenId?: number;
}

/**
 * What a route declares about access, in its Fastify `config`:
 * - `public: true` — no authentication at all (login, health)
 * - `permission` — the evaluator the caller must satisfy, built from the request's params
 * - neither — any signed-in caller
 */
interface AccessConfig {
  public?: boolean;
  permission?: Evaluator | ((request: FastifyRequest) => Evaluator);
  /** users only: service accounts are refused with 403 and this message */
  usersOnly?: string;
  /**
   * Grafana's "org from the URL": the permission is evaluated with the caller's role in the org
   * named by this path parameter instead of the org of the request.
   */
  orgParam?: string;
  /**
   * Grafana's global org: the permission is evaluated outside any org, so only server-wide grants
   * (server admin, `[users] allow_org_create`) count — e.g. listing all organizations.
   */
  globalOrg?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity?: Identity;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface FastifyContextConfig extends AccessConfig {}
}

/** The identity of a route that requires authentication (set by the auth hook before the handler). */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error(`route ${request.url} used identityOf() without authentication`);
  return request.identity;
}

/**
 * The caller outside any org (Grafana's global org), where only server-wide grants count: the
 * server admin acts as Admin, everybody else as None.
 */
export function inGlobalOrg(identity: Identity): Identity {
  return { ...identity, orgId: 0, orgRole: identity.isServerAdmin ? 'Admin' : 'None' };
}
