import { LRUCache } from 'lru-cache';
import type { Clock } from '../lib/clock.js';
import type { CacheBus } from './cache-bus.js';
import type { Database } from './database.js';

/**
 * Values derived from a few tables, by key, so a hot read (the signed-in user's row, the current
 * org) costs no query. It follows the identity cache's rules:
 *
 * - any write to `tables` seen by the change tracker — except an UPDATE of `ignoredColumns` only
 *   (activity timestamps) — bumps a generation that invalidates every entry, here and, through
 *   the cache bus (`topic`), on every other instance; the tracker reports a write after it ran and
 *   again after its unit of work committed, so a load that read the old rows in between is dropped;
 * - a load that overlapped a bump serves its request but is not kept;
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
  let generation = 0;
  const { sizeOf } = deps;
  const entries = new LRUCache<K, { value: V; generation: number; until: number }>({
    max: deps.max,
    ...(deps.maxSize !== undefined &&
      sizeOf && { maxSize: deps.maxSize, sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)) }),
  });

  deps.database.onTablesChanged(({ tables: changed, columns }) => {
    if (![...changed].some((t) => tables.has(t))) return;
    if (columns.size > 0 && [...columns].every((c) => ignored.has(c))) return;
    generation++;
    bus.publish(deps.topic);
  });
  bus.subscribe(deps.topic, () => generation++);
  bus.onResync(() => {
    generation++;
    entries.clear();
  });

  return {
    /** The cached value of `key`, or what `load` reads (kept when nothing changed meanwhile). */
    async get(key: K, load: () => Promise<V>): Promise<V> {
      if (!bus.coherent) return load();
      const entry = entries.get(key);
      if (entry && entry.generation === generation && entry.until > clock.now()) return entry.value;
      const started = generation;
      const value = await load();
      if (bus.coherent && started === generation)
        entries.set(key, { value, generation, until: clock.now() + deps.ttlMs });
      return value;
    },
  };
}

export type TableCache<K extends string | number, V> = ReturnType<typeof createTableCache<K, V>>;
