import { AsyncSlot } from '../../lib/async-slot.js';
import { LazyLruCache } from '../../lib/lazy-lru-cache.js';
import type { Principal } from '../../access/resource-levels.js';
import type { Metrics } from '../../http/metrics.js';
import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';

/**
 * Grafana's split: basic role + org, team + org, the user's own (+ org), and their merge per caller;
 * plus `resource`: who holds what on one indexed resource (a dashboard's managed grants), which is
 * kept out of the other sections so they do not grow with the data.
 */
type CacheSection = 'basic' | 'team' | 'user' | 'resource' | 'merged';

const TTL_MS = 60_000;
const MAX_ENTRIES: Record<CacheSection, number> = {
  basic: 1_000,
  team: 10_000,
  user: 20_000,
  // one dashboard's grants each (a few KB with 15 team grants): the hot dashboards, not all of them
  resource: 10_000,
  merged: 20_000,
};
/**
 * A write is reported when its statement ran, before its transaction commits. Loads that finish
 * this soon after an invalidation may have read the old rows, so they serve their request but are
 * not kept.
 */
const SETTLE_MS = 1_000;
/**
 * How long a dropped key is remembered after it settled, for loads still running from before the
 * drop; then it is forgotten, so the record of drops stays bounded (a grant per dashboard during a
 * bulk import once kept one entry per dashboard for good).
 */
const FORGET_DROPS_AFTER_MS = 60_000;

/** Which parts of the cache a write to each table can change. */
const AFFECTS: Record<string, CacheSection[]> = {
  role: ['basic', 'team', 'user', 'resource'],
  permission: ['basic', 'team', 'user', 'resource'],
  org: ['basic', 'team', 'user'],
  builtin_role: ['basic'],
  team_role: ['team'],
  team: ['team', 'user'],
  user_role: ['user'],
  team_member: ['user'],
  org_user: ['user'],
};
const SECTIONS = ['basic', 'team', 'user', 'resource'] as const;
const topic = (section: CacheSection) => `rbac:${section}`;
const KEY_TOPIC = 'rbac:key';

/**
 * One cached part: a principal's (`user` `<id>|<org>`, `team` `<id>|<org>`, `basic` `<role>|<org>`)
 * or one indexed resource's (`resource` `<org>|<scope>`).
 */
interface PartKey {
  section: (typeof SECTIONS)[number];
  key: string;
}

/** Basic roles whose cached part holds a grant to each basic role (Viewer ⊂ Editor ⊂ Admin). */
const RECEIVED_BY: Record<string, string[]> = {
  Viewer: ['Viewer', 'Editor', 'Admin'],
  Editor: ['Editor', 'Admin'],
  Admin: ['Admin'],
};

/** The cached parts a grant to `principal` in `orgId` changes. */
export function partKeysOf(orgId: number, principal: Principal): PartKey[] {
  if (principal.kind === 'user') return [{ section: 'user', key: `${principal.id}|${orgId}` }];
  if (principal.kind === 'team') return [{ section: 'team', key: `${principal.id}|${orgId}` }];
  return (RECEIVED_BY[principal.role] ?? [principal.role]).map((role) => ({
    section: 'basic' as const,
    key: `${role}|${orgId}`,
  }));
}

/** The cached part of one indexed resource's grants (`dashboards:uid:<uid>`). */
export const resourcePartKey = (orgId: number, scope: string): PartKey => ({
  section: 'resource',
  key: `${orgId}|${scope}`,
});

/**
 * The cached part saying whether an org has any grant on a single indexed resource: dropped with
 * each of the org's resource parts (see `invalidateKey`), so the first such grant counts at once.
 */
export const anyResourcePartKey = (orgId: number): PartKey => resourcePartKey(orgId, '*');

/** The parts the writes under way in this async context change, when they are known. */
const narrowed = new AsyncSlot<PartKey[]>();

/**
 * Runs writes to the rbac tables whose effect is limited to the principals' parts (a resource
 * permission set for a user, a team or a basic role): only those parts are dropped, here and on
 * every other instance, instead of every cached permission of their kind.
 */
export function invalidatingOnly<T>(parts: PartKey[], work: () => Promise<T>): Promise<T> {
  return narrowed.run(parts, work);
}

interface Entry {
  value: unknown;
  generation: number;
}

/**
 * The permission cache: bounded LRUs with a 60 s TTL. Any write to a table a section is derived
 * from bumps that section's generation here and, through the cache bus, on every other instance,
 * so the very next request sees the change. `merged` depends on all sections. Serves only while
 * the bus is coherent (see CacheBus) and is emptied when it resyncs.
 */
export function createPermissionCache(deps: {
  database: Database;
  bus: CacheBus;
  clock: Clock;
  metrics: Metrics;
  enabled: boolean;
}) {
  const generations: Record<CacheSection, number> = { basic: 0, team: 0, user: 0, resource: 0, merged: 0 };
  const settledAt: Record<CacheSection, number> = { basic: 0, team: 0, user: 0, resource: 0, merged: 0 };
  const caches = Object.fromEntries(
    ([...SECTIONS, 'merged'] as const).map((s) => [
      s,
      new LazyLruCache<string, Entry>({ max: MAX_ENTRIES[s], ttl: TTL_MS, perf: deps.clock }),
    ]),
  ) as Record<CacheSection, LazyLruCache<string, Entry>>;
  /** Loads under way, so concurrent misses of one key (a burst after a change) share one query. */
  const loading = new Map<string, Promise<unknown>>();

  /**
   * Keys dropped recently, with when (a count of key drops) and until when loads of them may still
   * read the rows from before the change: such loads are not kept.
   */
  const droppedKeys = new Map<string, { at: number; until: number }>();
  let keyDrops = 0;
  function invalidateKey({ section, key }: PartKey): void {
    const now = deps.clock.now();
    const until = now + SETTLE_MS;
    caches[section].delete(key);
    const id = `${section}|${key}`;
    // re-inserted at the end, so the map stays in the order of `until` and is pruned from the front
    droppedKeys.delete(id);
    droppedKeys.set(id, { at: ++keyDrops, until });
    for (const [old, dropped] of droppedKeys) {
      if (dropped.until + FORGET_DROPS_AFTER_MS > now) break;
      droppedKeys.delete(old);
    }
    if (section === 'resource') {
      const orgId = Number(key.slice(0, key.indexOf('|')));
      const anyOfOrg = anyResourcePartKey(orgId);
      if (Number.isSafeInteger(orgId) && key !== anyOfOrg.key) invalidateKey(anyOfOrg);
      return;
    }
    // merged views are rebuilt from the cached parts (no query), so all of them can go
    generations.merged++;
    settledAt.merged = until;
  }
  const keySettled = (section: CacheSection, key: string) => {
    const id = `${section}|${key}`;
    const dropped = droppedKeys.get(id);
    if (dropped === undefined) return true;
    if (deps.clock.now() < dropped.until) return false;
    droppedKeys.delete(id);
    return true;
  };
  const droppedSince = (section: CacheSection, key: string, drops: number) =>
    (droppedKeys.get(`${section}|${key}`)?.at ?? 0) > drops;

  function invalidate(section: CacheSection): void {
    const until = deps.clock.now() + SETTLE_MS;
    generations[section]++;
    settledAt[section] = until;
    if (section === 'resource') return;
    generations.merged++;
    settledAt.merged = until;
  }

  deps.database.onTablesChanged(({ tables }) => {
    if (![...tables].some((table) => AFFECTS[table])) return;
    const parts = narrowed.getStore();
    if (parts) {
      for (const part of parts) {
        invalidateKey(part);
        deps.bus.publish(KEY_TOPIC, `${part.section}|${part.key}`);
      }
      return;
    }
    const touched = new Set<CacheSection>();
    for (const table of tables) for (const section of AFFECTS[table] ?? []) touched.add(section);
    for (const section of touched) {
      invalidate(section);
      deps.bus.publish(topic(section));
    }
  });
  for (const section of SECTIONS) deps.bus.subscribe(topic(section), () => invalidate(section));
  // Messages may have been missed: nothing cached can be trusted.
  deps.bus.onResync(() => {
    for (const section of [...SECTIONS, 'merged'] as const) {
      invalidate(section);
      caches[section].clear();
    }
  });
  deps.bus.subscribe(KEY_TOPIC, (detail) => {
    const separator = detail.indexOf('|');
    const section = SECTIONS.find((s) => s === detail.slice(0, separator));
    if (section) invalidateKey({ section, key: detail.slice(separator + 1) });
  });

  /** The cached values of `keys` in `section`, and the keys it does not hold. */
  function lookUp<T>(section: CacheSection, keys: readonly string[]) {
    const found = new Map<string, T>();
    const missing: string[] = [];
    if (!deps.enabled || !deps.bus.coherent) return { found, missing: [...keys] };
    const generation = generations[section];
    for (const key of keys) {
      const entry = caches[section].get(key);
      if (entry && entry.generation === generation) found.set(key, entry.value as T);
      else missing.push(key);
    }
    return { found, missing };
  }

  return {
    enabled: deps.enabled,

    /** Whether cached values are served now (enabled, and the bus coherent). */
    get serving(): boolean {
      return deps.enabled && deps.bus.coherent;
    },

    /** keys dropped recently and still remembered (bounded by FORGET_DROPS_AFTER_MS) */
    get rememberedDrops(): number {
      return droppedKeys.size;
    },

    /**
     * The cached value of `key` in `section`, or what `load` returns (kept for the next caller
     * unless the section changed meanwhile). `reload` skips the cached value.
     */
    async get<T>(section: CacheSection, key: string, load: () => Promise<T>, reload = false): Promise<T> {
      if (!deps.enabled || !deps.bus.coherent) return load();
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
      const settled = deps.clock.now() >= settledAt[section] && keySettled(section, key);
      const flight = `${section}|${generation}|${key}`;
      const shared = reload || !settled ? undefined : loading.get(flight);
      if (shared) return shared as Promise<T>;
      const drops = keyDrops;
      const pending = load().then((value) => {
        if (generations[section] === generation && settled && !droppedSince(section, key, drops))
          cache.set(key, { value, generation });
        return value;
      });
      if (!settled) return pending;
      loading.set(flight, pending);
      const forget = () => void loading.delete(flight);
      pending.then(forget, forget);
      return pending;
    },

    /** The cached value of `key` in `section`, or undefined (not counted as a miss: `get` follows). */
    peek<T>(section: CacheSection, key: string): T | undefined {
      const entry = deps.enabled && deps.bus.coherent ? caches[section].get(key) : undefined;
      if (!entry || entry.generation !== generations[section]) return undefined;
      deps.metrics.accessPermissionsCache.inc({ status: 'hit' });
      return entry.value as T;
    },

    /** The cached values of `keys` in `section`, and the keys it does not hold; loads nothing. */
    peekMany<T>(
      section: CacheSection,
      keys: readonly string[],
    ): { found: Map<string, T>; missing: string[] } {
      const looked = lookUp<T>(section, keys);
      deps.metrics.accessPermissionsCache.inc({ status: 'hit' }, looked.found.size);
      deps.metrics.accessPermissionsCache.inc({ status: 'miss' }, looked.missing.length);
      return looked;
    },

    /**
     * The values of `keys` in `section`: the cached ones, and the others loaded at once by
     * `loadMany` (which answers every key it is given) and kept by the rules of `get`. Loads are
     * not shared between concurrent callers. Counts no hit or miss: callers ask it about the keys
     * `peekMany` already counted as missing.
     */
    async getMany<T>(
      section: CacheSection,
      keys: readonly string[],
      loadMany: (keys: string[]) => Promise<Map<string, T>>,
    ): Promise<Map<string, T>> {
      if (!deps.enabled || !deps.bus.coherent) return loadMany([...keys]);
      const generation = generations[section];
      const { found, missing } = lookUp<T>(section, keys);
      if (missing.length === 0) return found;
      const sectionSettled = deps.clock.now() >= settledAt[section];
      const settled = missing.map((key) => sectionSettled && keySettled(section, key));
      const drops = keyDrops;
      const loaded = await loadMany(missing);
      const keep = generations[section] === generation;
      missing.forEach((key, i) => {
        const value = loaded.get(key);
        if (value === undefined) return;
        found.set(key, value);
        if (keep && settled[i] && !droppedSince(section, key, drops))
          caches[section].set(key, { value, generation });
      });
      return found;
    },
  };
}

export type PermissionCache = ReturnType<typeof createPermissionCache>;
