import { AsyncSlot } from '../lib/async-slot.js';
import { LazyLruCache } from '../lib/lazy-lru-cache.js';
import type { Clock } from '../lib/clock.js';
import type { CacheBus } from './cache-bus.js';
import type { Database } from './database.js';

/** The rows of one table that the writes under way in this async context change: a cache's keys. */
interface RowScope {
  topic: string;
  table: string;
  keys: readonly (string | number)[];
}

const scoped = new AsyncSlot<RowScope>();

/**
 * Runs `work`, whose writes to `table` change only the rows the cache `topic` holds under `keys`
 * (a dashboard save writes its own row): those keys are dropped, here and on every other
 * instance, instead of every entry. Writes to its other tables still drop everything.
 */
export function changingOnlyRows<T>(scope: RowScope, work: () => Promise<T>): Promise<T> {
  return scoped.run(scope, work);
}

/**
 * Values derived from a few tables, by key, so a hot read (the signed-in user's row, the current
 * org) costs no query. It follows the identity cache's rules:
 *
 * - any write to `tables` seen by the change tracker — except an UPDATE of `ignoredColumns` only
 *   (activity timestamps) — bumps a generation that invalidates every entry, here and, through
 *   the cache bus (`topic`), on every other instance; the tracker reports a write after it ran and
 *   again after its unit of work committed, so a load that read the old rows in between is dropped;
 * - a write made under `changingOnlyRows` for this cache drops only its keys, the same way;
 * - a load that overlapped an invalidation of its key serves its request but is not kept;
 * - it serves only while the bus is coherent (always for one instance; in HA only with Redis up),
 *   and empties itself when the bus resyncs;
 * - bounded: `max` entries (and, with `maxSize`, their total `sizeOf`), each valid `ttlMs` at most.
 */
export function createTableCache<K extends string | number, V>(deps: {
  topic: string;
  tables: readonly string[];
  ignoredColumns?: readonly string[];
  max: number;
  /** with `sizeOf`: a bound on the entries' total size (e.g. bytes of text they hold) */
  maxSize?: number;
  sizeOf?: (value: V) => number;
  ttlMs: number;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
}) {
  const { cacheBus: bus, clock } = deps;
  const tables = new Set(deps.tables);
  const ignored = new Set(deps.ignoredColumns ?? []);
  /** invalidations so far, whole or of one key: a load remembers the count it started at */
  let invalidations = 0;
  /** the count at the last invalidation of every entry */
  let allInvalidatedAt = 0;
  /** keys being loaded, with the count at their key's last invalidation meanwhile */
  const loading = new Map<K, { loads: number; invalidatedAt: number }>();
  const { sizeOf } = deps;
  const entries = new LazyLruCache<K, { value: V; loadedAt: number; until: number }>({
    max: deps.max,
    ...(deps.maxSize !== undefined &&
      sizeOf && { maxSize: deps.maxSize, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) }),
  });

  const invalidateAll = () => {
    allInvalidatedAt = ++invalidations;
  };
  const invalidateKey = (key: K) => {
    invalidations += 1;
    entries.delete(key);
    const load = loading.get(key);
    if (load) load.invalidatedAt = invalidations;
  };
  /** Keys travel as their JSON list; numeric keys come back as numbers. */
  const keysOf = (detail: string) => JSON.parse(detail) as K[];

  deps.database.onTablesChanged(({ tables: changed, columns }) => {
    const relevant = [...changed].filter((t) => tables.has(t));
    if (relevant.length === 0) return;
    if (columns.size > 0 && [...columns].every((c) => ignored.has(c))) return;
    const scope = scoped.getStore();
    if (scope?.topic === deps.topic && relevant.every((t) => t === scope.table)) {
      const keys = scope.keys as K[];
      for (const key of keys) invalidateKey(key);
      bus.publish(deps.topic, JSON.stringify(keys));
      return;
    }
    invalidateAll();
    bus.publish(deps.topic);
  });
  bus.subscribe(deps.topic, (detail) => {
    if (detail) for (const key of keysOf(detail)) invalidateKey(key);
    else invalidateAll();
  });
  bus.onResync(() => {
    invalidateAll();
    entries.clear();
  });

  /** The entry of `key` while it may be served. */
  const valid = (key: K) => {
    const entry = bus.coherent ? entries.get(key) : undefined;
    return entry && entry.loadedAt >= allInvalidatedAt && entry.until > clock.now() ? entry : undefined;
  };

  return {
    /** The cached value of `key` now (no I/O, no promise); undefined when `get` must load it. */
    peek(key: K): V | undefined {
      return valid(key)?.value;
    },

    /**
     * The cached value of `key`, or what `load` reads: kept when nothing changed meanwhile and
     * `keep` (if given) agrees.
     */
    async get(key: K, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V> {
      if (!bus.coherent) return load();
      const entry = valid(key);
      if (entry) return entry.value;
      const startedAt = invalidations;
      let pending = loading.get(key);
      if (!pending) loading.set(key, (pending = { loads: 0, invalidatedAt: 0 }));
      pending.loads += 1;
      let value: V;
      try {
        value = await load();
      } finally {
        if (--pending.loads === 0) loading.delete(key);
      }
      const unchanged = allInvalidatedAt <= startedAt && pending.invalidatedAt <= startedAt;
      if (bus.coherent && unchanged && (!keep || keep(value)))
        entries.set(key, { value, loadedAt: startedAt, until: clock.now() + deps.ttlMs });
      return value;
    },
  };
}

export type TableCache<K extends string | number, V> = ReturnType<typeof createTableCache<K, V>>;
