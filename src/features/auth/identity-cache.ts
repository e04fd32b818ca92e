import { hash, randomBytes } from 'node:crypto';
import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';

const TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;
/** Tables an identity is derived from. */
const SOURCES = new Set(['users', 'org', 'org_user', 'user_auth_token', 'api_key']);
/** Activity timestamps change on use; they never change who the caller is. */
const ACTIVITY_COLUMNS = new Set(['seen_at', 'last_seen_at', 'last_used_at']);
const TOPIC = 'identity';

/**
 * Resolved identities by credential, so an authenticated request costs no database round trip.
 * Any write to the source tables (other than activity timestamps) bumps a generation that
 * invalidates every entry at once, here and — through the cache bus — on every other instance.
 * It serves only while the bus is coherent (off in HA without Redis, bypassed while Redis is
 * unreachable) and is emptied when the bus resyncs. A resolution that overlapped an invalidation
 * (it may have read the rows from before the write) serves its request but is not kept.
 */
export function createIdentityCache(deps: { database: Database; bus: CacheBus; clock: Clock }) {
  let generation = 0;
  const keyPrefix = randomBytes(32).toString('base64');
  const lastKeys = new WeakMap<object, { text: string; key: string }>();
  const entries = new LazyLruCache<string, { identity: Identity; generation: number; until: number }>({
    max: MAX_ENTRIES,
  });

  deps.database.onTablesChanged(({ tables, columns }) => {
    if (![...tables].some((t) => SOURCES.has(t))) return;
    if (columns.size > 0 && [...columns].every((c) => ACTIVITY_COLUMNS.has(c))) return;
    generation++;
    deps.bus.publish(TOPIC);
  });
  deps.bus.subscribe(TOPIC, () => generation++);
  deps.bus.onResync(() => {
    generation++;
    entries.clear();
  });

  return {
    /**
     * A keyed hash of the credentials (raw passwords and tokens are never kept in the cache):
     * SHA-256 of a per-process secret and the parts, one-shot (`crypto.hash`, no Hash object per
     * request). A keep-alive connection sends the same credentials request after request: its last
     * key is reused while the parts are the same (they are held as long as the connection is open,
     * as its request headers were), which saves the hash, a third of an identity-cache hit.
     */
    keyOf(parts: (string | undefined)[], connection?: object): string {
      const text = parts.join('\0');
      const last = connection && lastKeys.get(connection);
      if (last?.text === text) return last.key;
      const key = hash('sha256', `${keyPrefix}\0${text}`, 'base64');
      if (connection) lastKeys.set(connection, { text, key });
      return key;
    },

    get(key: string): Identity | undefined {
      if (!deps.bus.coherent) return undefined;
      const entry = entries.get(key);
      if (!entry || entry.generation !== generation || entry.until <= deps.clock.now()) return undefined;
      return entry.identity;
    },

    /** Taken before resolving an identity, handed to `set`. */
    loading(): number {
      return generation;
    },

    /**
     * `loading`: what `loading()` said before the identity was resolved. `until`: a moment the
     * identity must be re-resolved at the latest (e.g. a session rotation).
     */
    set(key: string, identity: Identity, loading: number, until = Number.POSITIVE_INFINITY): void {
      if (!deps.bus.coherent || loading !== generation) return;
      entries.set(key, { identity, generation, until: Math.min(until, deps.clock.now() + TTL_MS) });
    },
  };
}

export type IdentityCache = ReturnType<typeof createIdentityCache>;
