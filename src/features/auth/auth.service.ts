import type { Config } from '../../config/config.js';
import type { Identity } from '../../access/identity.js';
import {
  cannotRevokeActive,
  identityDisabled,
  loginFormDisabled,
  tokenNotFound,
  unauthorized,
} from './auth.errors.js';
import type { PasswordAuth } from './password-auth.js';
import type { ClientInfo, SessionsService } from './sessions.service.js';
import type { SessionRow } from './sessions.store.js';

/** Login, logout, rotation and the session list: the rules behind auth.routes.ts. */
export function createAuthService(deps: {
  passwordAuth: PasswordAuth;
  sessions: SessionsService;
  config: Config;
}) {
  const { passwordAuth, sessions, config } = deps;
  return {
    async login(loginOrEmail: string, password: string, client: ClientInfo) {
      if (config.auth.disableLoginForm) throw loginFormDisabled();
      const user = await passwordAuth.authenticate(loginOrEmail, password, client.ip, null);
      if (user.is_disabled) throw identityDisabled();
      return sessions.create(user.id, client);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const found = await sessions.lookup(token, { ip: '', userAgent: '' });
      if (found) await sessions.revoke(found.session.id);
    },

    /** Forces a new token for the cookie's session (SPEC: answers with the new token). */
    async rotate(
      token: string | undefined,
      client: ClientInfo,
    ): Promise<{ token: string; rotatedAt: number }> {
      if (!token) throw unauthorized();
      const found = await sessions.lookup(token, client);
      if (!found) throw unauthorized();
      if (found.rotatedToken) return { token: found.rotatedToken, rotatedAt: found.session.rotated_at };
      const rotated = await sessions.rotate(found.session, token, client);
      if (!rotated?.rotatedToken) throw unauthorized();
      return { token: rotated.rotatedToken, rotatedAt: rotated.session.rotated_at };
    },

    listSessions(userId: number): Promise<SessionRow[]> {
      return sessions.listActive(userId);
    },

    async revokeOwnSession(identity: Identity, tokenId: number): Promise<void> {
      const session = await sessions.getForUser(tokenId, identity.userId);
      if (!session) throw tokenNotFound();
      if (session.id === identity.sessionTokenId) throw cannotRevokeActive();
      await sessions.revoke(session.id);
    },

    /** For server admins: the sessions of another user. */
    async revokeSessionOf(userId: number, tokenId: number): Promise<void> {
      const session = await sessions.getForUser(tokenId, userId);
      if (!session) throw tokenNotFound();
      await sessions.revoke(session.id);
    },

    /** Where GET /logout sends the browser: the OAuth provider's end-session URL when one is set. */
    signoutRedirectUrl(): string {
      const oauth = config.auth.genericOauth;
      return oauth.enabled && oauth.signoutRedirectUrl ? oauth.signoutRedirectUrl : '/login';
    },

    logoutEverywhere(userId: number): Promise<void> {
      return sessions.revokeAllOf(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
