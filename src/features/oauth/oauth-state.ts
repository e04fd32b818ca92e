import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the browser carries between the redirect to the provider and the callback. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  /** PKCE code verifier ('' without PKCE) */
  verifier: string;
  /** the page to land on after signing in */
  redirectTo: string;
  /** epoch ms after which the callback is refused */
  expiresAt: number;
}

/**
 * The pending sign-in travels in a short-lived HttpOnly cookie, signed with HMAC-SHA256 under a key
 * derived from `[security] secret_key`: any instance can finish a sign-in another one started, and
 * nothing is stored for abandoned ones. The state itself is also compared with the callback's.
 */
export function createStateSealer(secretKey: string) {
  const key = createHmac('sha256', secretKey).update('svc oauth state v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    seal(pending: PendingSignIn): string {
      const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The pending sign-in, or undefined when the cookie is missing, forged or expired. */
    open(cookie: string | undefined, now: number): PendingSignIn | undefined {
      const [payload, signature, extra] = (cookie ?? '').split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const pending = JSON.parse(Buffer.from(payload, 'base64url').toString()) as PendingSignIn;
        return typeof pending.state === 'string' && pending.expiresAt > now ? pending : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
