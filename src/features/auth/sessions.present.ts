import { toIso } from '../../lib/clock.js';
import type { SessionRow } from './sessions.store.js';
import { describeClient } from './user-agent.js';

/** SPEC's auth token resource; `isActive` marks the token of the calling session. */
export function presentSession(session: SessionRow, activeTokenId: number | undefined) {
  return {
    id: session.id,
    isActive: session.id === activeTokenId,
    clientIp: session.client_ip,
    ...describeClient(session.user_agent),
    authModule: '',
    createdAt: toIso(session.created_at),
    seenAt: toIso(session.seen_at || session.created_at),
  };
}
