import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionRow, SessionsStore } from './sessions.store.js';

/** How long the token replaced by a rotation keeps working, so parallel tabs never log out. */
const PREVIOUS_TOKEN_GRACE_MS = 60_000;
/** seen_at is written at most this often: a session read must not cost a write per request. */
const SEEN_WRITE_INTERVAL_MS = 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

interface SessionLookup {
  session: SessionRow;
  /** set when this request rotated the token: the caller must send the new cookie */
  rotatedToken?: string;
}

/**
 * Session tokens: random, stored only as SHA-256(token + secret_key), expiring after
 * `login_maximum_inactive_lifetime_duration` without rotation or `login_maximum_lifetime_duration`
 * in any case, rotated in line every `token_rotation_interval_minutes`.
 */
export function createSessionsService(deps: { store: SessionsStore; config: Config; clock: Clock }) {
  const { store, clock } = deps;
  const { maxInactiveLifetimeMs, maxLifetimeMs, tokenRotationIntervalMinutes } = deps.config.auth;
  const rotationMs = tokenRotationIntervalMinutes * 60_000;
  const hash = (token: string) =>
    createHash('sha256')
      .update(token + deps.config.security.secretKey)
      .digest('hex');
  const newToken = () => randomBytes(16).toString('hex');

  function isExpired(session: SessionRow, now: number): boolean {
    return session.created_at <= now - maxLifetimeMs || session.rotated_at <= now - maxInactiveLifetimeMs;
  }

  return {
    hash,

    async create(userId: number, client: ClientInfo): Promise<{ token: string; session: SessionRow }> {
      const token = newToken();
      const now = clock.now();
      const values = {
        user_id: userId,
        auth_token: hash(token),
        prev_auth_token: hash(token),
        user_agent: client.userAgent.slice(0, 2000),
        client_ip: client.ip,
        seen_at: 0,
        rotated_at: now,
        created_at: now,
        updated_at: now,
      };
      const id = await store.insert(values);
      return { token, session: { id, ...values } };
    },

    /** The live session of a cookie value, rotating it when due; undefined when unknown or expired. */
    async lookup(token: string, client: ClientInfo): Promise<SessionLookup | undefined> {
      if (!/^[0-9a-f]{32}$/.test(token)) return undefined;
      const hashed = hash(token);
      const session = await store.findByHash(hashed);
      const now = clock.now();
      if (!session || isExpired(session, now)) return undefined;
      const isCurrent = session.auth_token === hashed;
      if (!isCurrent) {
        return now - session.rotated_at <= PREVIOUS_TOKEN_GRACE_MS ? { session } : undefined;
      }
      if (now - session.rotated_at >= rotationMs) {
        const rotated = await this.rotate(session, token, client);
        if (rotated) return rotated;
      }
      if (now - session.seen_at >= SEEN_WRITE_INTERVAL_MS) {
        await store.markSeen(session.id, now);
        session.seen_at = now;
      }
      return { session };
    },

    /** Replaces the token; the old one keeps working for a short grace period. */
    async rotate(
      session: SessionRow,
      currentToken: string,
      client: ClientInfo,
    ): Promise<SessionLookup | undefined> {
      const token = newToken();
      const now = clock.now();
      const values = {
        auth_token: hash(token),
        prev_auth_token: hash(currentToken),
        rotated_at: now,
        updated_at: now,
        client_ip: client.ip,
        user_agent: client.userAgent.slice(0, 2000),
      };
      // Another request may have rotated it a moment ago: then the old token is simply accepted.
      if (!(await store.rotate(session.id, hash(currentToken), values))) return undefined;
      return { session: { ...session, ...values, seen_at: 0 }, rotatedToken: token };
    },

    /** When the session must next be looked up again, to rotate it. */
    rotationDueAt(session: SessionRow): number {
      return session.rotated_at + rotationMs;
    },

    listActive(userId: number): Promise<SessionRow[]> {
      const now = clock.now();
      return store.listActive(userId, now - maxLifetimeMs, now - maxInactiveLifetimeMs);
    },

    getForUser: (id: number, userId: number) => store.getForUser(id, userId),
    revoke: (id: number) => store.delete(id),
    revokeAllOf: (userId: number) => store.deleteAllOfUser(userId),

    deleteExpired(): Promise<void> {
      const now = clock.now();
      return store.deleteExpired(now - maxLifetimeMs, now - maxInactiveLifetimeMs);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
