import type { Clock } from '../lib/clock.js';
import type { CacheBus } from './cache-bus.js';
import type { Database } from './database.js';

/** Entries are exact when every write reaches this instance (one instance, or a cross-instance bus). */
const EXACT_TTL_MS = 60_000;
/** HA without a cross-instance bus: another instance's write takes effect here within this bound. */
const HA_TTL_MS = 5_000;
const MAX_ORGS = 10_000;

/**
 * One value per organization derived from tables (an org's silences, its mute timings), so hot
 * paths read it without a query. Dropped for the org when its owner calls `changed` after a write
 * committed — on this instance and, through the cache bus (`topic`), on the others — and whole
 * when the change tracker sees a write to `tables` (writes that bypass the owner, e.g. an org's
 * cascade). A load that started before an invalidation is served but not kept. While the bus is
 * not coherent in HA (no Redis, or Redis unreachable), a short TTL bounds how stale another
 * instance's write can be, and everything is dropped when the bus resyncs.
 */
export function createOrgCache<T>(deps: {
  topic: string;
  tables: readonly string[];
  load: (orgId: number) => Promise<T>;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
  highAvailability: boolean;
}) {
  // Not coherent: HA without Redis, or Redis unreachable (entries are dropped when it resyncs).
  const ttl = () => (deps.cacheBus.coherent || !deps.highAvailability ? EXACT_TTL_MS : HA_TTL_MS);
  const entries = new Map<number, { value: Promise<T>; at: number }>();
  let generation = 0;

  const drop = (orgId?: number) => {
    generation += 1;
    if (orgId === undefined) entries.clear();
    else entries.delete(orgId);
  };
  deps.cacheBus.subscribe(deps.topic, (detail) => {
    const orgId = Number(detail);
    drop(Number.isInteger(orgId) && orgId > 0 ? orgId : undefined);
  });
  deps.database.onTablesChanged((change) => {
    if (deps.tables.some((table) => change.tables.has(table))) drop();
  });
  deps.cacheBus.onResync(() => drop());

  return {
    get(orgId: number): Promise<T> {
      const now = deps.clock.now();
      const cached = entries.get(orgId);
      if (cached && now - cached.at < ttl()) return cached.value;
      const started = generation;
      const value = deps.load(orgId);
      if (entries.size >= MAX_ORGS) entries.delete(entries.keys().next().value!);
      entries.set(orgId, { value, at: now });
      value.then(
        () => {
          if (generation !== started && entries.get(orgId)?.value === value) entries.delete(orgId);
        },
        () => {
          if (entries.get(orgId)?.value === value) entries.delete(orgId);
        },
      );
      return value;
    },
    /** After a write of the org committed: every instance drops the org's entry. */
    changed(orgId: number): void {
      deps.cacheBus.publish(deps.topic, String(orgId));
    },
  };
}
