import { LRUCache } from 'lru-cache';
import type { Metrics } from '../../http/metrics.js';
import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';

/** Grafana's split: basic role + org, team + org, the user's own (+ org), and their merge per caller. */
type CacheSection = 'basic' | 'team' | 'user' | 'merged';

const TTL_MS = 60_000;
const MAX_ENTRIES: Record<CacheSection, number> = {
  basic: 1_000,
  team: 10_000,
  user: 20_000,
  merged: 20_000,
};
/**
 * A write is reported when its statement ran, before its transaction commits. Loads that finish
 * this soon after an invalidation may have read the old rows, so they serve their request but are
 * not kept.
 */
const SETTLE_MS = 1_000;

/** Which parts of the cache a write to each table can change. */
const AFFECTS: Record<string, CacheSection[]> = {
  role: ['basic', 'team', 'user'],
  permission: ['basic', 'team', 'user'],
  org: ['basic', 'team', 'user'],
  builtin_role: ['basic'],
  team_role: ['team'],
  team: ['team', 'user'],
  user_role: ['user'],
  team_member: ['user'],
  org_user: ['user'],
};
const SECTIONS: CacheSection[] = ['basic', 'team', 'user'];
const topic = (section: CacheSection) => `rbac:${section}`;

interface Entry {
  value: unknown;
  generation: number;
}

/**
 * The permission cache: bounded LRUs with a 60 s TTL. Any write to a table a section is derived
 * from bumps that section's generation here and, through the cache bus, on every other instance,
 * so the very next request sees the change. `merged` depends on all sections.
 */
export function createPermissionCache(deps: {
  database: Database;
  bus: CacheBus;
  clock: Clock;
  metrics: Metrics;
  enabled: boolean;
}) {
  const generations: Record<CacheSection, number> = { basic: 0, team: 0, user: 0, merged: 0 };
  const settledAt: Record<CacheSection, number> = { basic: 0, team: 0, user: 0, merged: 0 };
  const caches = Object.fromEntries(
    (['basic', 'team', 'user', 'merged'] as const).map((s) => [
      s,
      new LRUCache<string, Entry>({ max: MAX_ENTRIES[s], ttl: TTL_MS, perf: deps.clock }),
    ]),
  ) as Record<CacheSection, LRUCache<string, Entry>>;
  /** Loads under way, so concurrent misses of one key (a burst after a change) share one query. */
  const loading = new Map<string, Promise<unknown>>();

  function invalidate(section: CacheSection): void {
    const until = deps.clock.now() + SETTLE_MS;
    generations[section]++;
    generations.merged++;
    settledAt[section] = until;
    settledAt.merged = until;
  }

  deps.database.onTablesChanged(({ tables }) => {
    const touched = new Set<CacheSection>();
    for (const table of tables) for (const section of AFFECTS[table] ?? []) touched.add(section);
    for (const section of touched) {
      invalidate(section);
      deps.bus.publish(topic(section));
    }
  });
  for (const section of SECTIONS) deps.bus.subscribe(topic(section), () => invalidate(section));

  return {
    enabled: deps.enabled,

    /**
     * The cached value of `key` in `section`, or what `load` returns (kept for the next caller
     * unless the section changed meanwhile). `reload` skips the cached value.
     */
    async get<T>(section: CacheSection, key: string, load: () => Promise<T>, reload = false): Promise<T> {
      if (!deps.enabled) return load();
      const cache = caches[section];
      const generation = generations[section];
      const entry = reload ? undefined : cache.get(key);
      if (entry && entry.generation === generation) {
        deps.metrics.accessPermissionsCache.inc({ status: 'hit' });
        return entry.value as T;
      }
      deps.metrics.accessPermissionsCache.inc({ status: 'miss' });
      // A load started while a change settles may read the rows from before its commit: such a
      // load serves its own request only, neither cached nor shared.
      const settled = deps.clock.now() >= settledAt[section];
      const flight = `${section}|${generation}|${key}`;
      const shared = reload || !settled ? undefined : loading.get(flight);
      if (shared) return shared as Promise<T>;
      const pending = load().then((value) => {
        if (generations[section] === generation && settled) cache.set(key, { value, generation });
        return value;
      });
      if (!settled) return pending;
      loading.set(flight, pending);
      const forget = () => void loading.delete(flight);
      pending.then(forget, forget);
      return pending;
    },
  };
}

export type PermissionCache = ReturnType<typeof createPermissionCache>;
