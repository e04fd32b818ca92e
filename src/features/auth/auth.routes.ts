import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { clientInfo } from './request-authenticator.js';
import { identityOf } from '../../access/identity.js';
import {
  LoginBody,
  MessageResponse,
  RevokeTokenBody,
  RotatedTokenResponse,
  SessionDto,
} from './auth.schema.js';
import type { AuthService } from './auth.service.js';
import type { SessionCookie } from './session-cookie.js';
import { presentSession } from './sessions.present.js';

const usersOnly = 'entity not allowed to get tokens';

/** Sign in and out, and the caller's own session tokens. */
export function registerAuthRoutes(
  api: Api,
  deps: { auth: AuthService; sessionCookie: SessionCookie },
): void {
  const { auth, sessionCookie } = deps;

  const login = async (
    request: FastifyRequest<{ Body: { user: string; password: string } }>,
    reply: FastifyReply,
  ) => {
    const { token, session } = await auth.login(
      request.body.user,
      request.body.password,
      clientInfo(request),
    );
    sessionCookie.write(reply, token, session.rotated_at);
    return message('Logged in');
  };
  const loginSchema = { body: LoginBody, response: { 200: MessageResponse } };
  api.post('/api/login', { config: { public: true }, schema: loginSchema }, login);
  // Grafana compat: Grafana's own path.
  api.post('/login', { config: { public: true }, schema: loginSchema }, login);

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await auth.logout(sessionCookie.read(request));
    sessionCookie.clear(reply);
  };
  const messageSchema = { response: { 200: MessageResponse } };
  api.get('/api/logout', { config: { public: true }, schema: messageSchema }, async (request, reply) => {
    await logout(request, reply);
    return message('Logged out');
  });
  // Grafana compat: the browser path redirects to the login page (or signout_redirect_url).
  api.get('/logout', { config: { public: true } }, async (request, reply) => {
    await logout(request, reply);
    return reply.redirect(auth.signoutRedirectUrl());
  });

  api.get('/api/login/ping', { schema: messageSchema }, () => message('Logged in'));

  api.get(
    '/api/user/auth-tokens',
    { config: { usersOnly }, schema: { response: { 200: Type.Array(SessionDto) } } },
    async (request) => {
      const identity = identityOf(request);
      const sessions = await auth.listSessions(identity.userId);
      return sessions.map((s) => presentSession(s, identity.sessionTokenId));
    },
  );

  api.post(
    '/api/user/revoke-auth-token',
    {
      config: { usersOnly: 'entity not allowed to revoke tokens' },
      schema: { body: RevokeTokenBody, ...messageSchema },
    },
    async (request) => {
      await auth.revokeOwnSession(identityOf(request), request.body.authTokenId);
      return message('User auth token revoked');
    },
  );

  // Grafana compat: outside the signed-in group; the session cookie itself is the credential.
  api.post(
    '/api/user/auth-tokens/rotate',
    { config: { public: true }, schema: { response: { 200: RotatedTokenResponse } } },
    async (request, reply) => {
      const rotated = await auth
        .rotate(sessionCookie.read(request), clientInfo(request))
        .catch((err: unknown) => {
          sessionCookie.clear(reply);
          throw err;
        });
      sessionCookie.write(reply, rotated.token, rotated.rotatedAt);
      return { message: 'Token rotated', token: rotated.token };
    },
  );
}
