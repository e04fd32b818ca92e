import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config/config.js';

/** The session cookie (`[auth] login_cookie_name`) and Grafana's companion `<name>_expiry` cookie. */
export function createSessionCookie(config: Config) {
  const name = config.auth.loginCookieName;
  const expiryName = `${name}_expiry`;
  const sameSite = config.security.cookieSameSite;
  const base: CookieSerializeOptions = {
    path: '/',
    secure: config.security.cookieSecure,
    ...(sameSite === 'disabled' ? {} : { sameSite }),
  };
  const maxAgeSeconds = Math.floor(config.auth.maxLifetimeMs / 1000);
  const rotationMs = config.auth.tokenRotationIntervalMinutes * 60_000;

  return {
    read(request: FastifyRequest): string | undefined {
      return request.cookies[name] || undefined;
    },

    write(reply: FastifyReply, token: string, rotatedAt: number): void {
      reply.setCookie(name, token, { ...base, httpOnly: true, maxAge: maxAgeSeconds });
      // Not HttpOnly: lets a browser client know when the next rotation is due.
      const nextRotation = Math.floor((rotatedAt + rotationMs - 5_000) / 1000);
      reply.setCookie(expiryName, String(nextRotation), { ...base, httpOnly: false, maxAge: maxAgeSeconds });
    },

    clear(reply: FastifyReply): void {
      reply.clearCookie(name, { ...base, httpOnly: true });
      reply.clearCookie(expiryName, { ...base });
    },
  };
}

export type SessionCookie = ReturnType<typeof createSessionCookie>;
