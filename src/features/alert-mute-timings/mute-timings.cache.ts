import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';
import type { MuteTimingsLookup } from './mute-timings.lookup.js';
import { containsTime, type TimeInterval } from './time-interval.js';

const TOPIC = 'alert-mute-timings';
/** Entries are exact when every write reaches this instance (one instance, or a cross-instance bus). */
const EXACT_TTL_MS = 60_000;
/** HA without a cross-instance bus: another instance's change takes effect here within this bound. */
const HA_TTL_MS = 5_000;
const MAX_ORGS = 10_000;

type Intervals = Map<string, TimeInterval[]>;

/**
 * Per-org cache of the mute timings, parsed, so the dispatcher's checks cost no query. Dropped
 * after each write commits (here and, through the cache bus, on the other instances).
 */
export function createMuteTimingsCache(deps: {
  load: (orgId: number) => Promise<Intervals>;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
  highAvailability: boolean;
}) {
  const ttl = !deps.highAvailability || deps.cacheBus.crossInstance ? EXACT_TTL_MS : HA_TTL_MS;
  const entries = new Map<number, { intervals: Promise<Intervals>; at: number }>();
  // Bumped on every invalidation: a load that started before one is served but not kept.
  let generation = 0;

  const drop = (orgId?: number) => {
    generation += 1;
    if (orgId === undefined) entries.clear();
    else entries.delete(orgId);
  };
  deps.cacheBus.subscribe(TOPIC, (detail) => {
    const orgId = Number(detail);
    drop(Number.isInteger(orgId) && orgId > 0 ? orgId : undefined);
  });
  // Writes that bypass the service (an org's cascade) still pass the change tracker.
  deps.database.onTablesChanged((change) => {
    if (change.tables.has('alert_mute_timing')) drop();
  });

  const of = (orgId: number): Promise<Intervals> => {
    const now = deps.clock.now();
    const cached = entries.get(orgId);
    if (cached && now - cached.at < ttl) return cached.intervals;
    const started = generation;
    const intervals = deps.load(orgId);
    if (entries.size >= MAX_ORGS) entries.delete(entries.keys().next().value!);
    entries.set(orgId, { intervals, at: now });
    intervals.then(
      () => {
        if (generation !== started && entries.get(orgId)?.intervals === intervals) entries.delete(orgId);
      },
      () => entries.delete(orgId),
    );
    return intervals;
  };

  const lookup: MuteTimingsLookup = {
    async inAny(orgId, names, now) {
      if (names.length === 0) return false;
      const intervals = await of(orgId);
      return names.some(
        (name) => intervals.get(name)?.some((interval) => containsTime(interval, now)) ?? false,
      );
    },
    async names(orgId) {
      return [...(await of(orgId)).keys()];
    },
  };

  return {
    lookup,
    /** After a mute timing write committed: every instance drops the org's entry. */
    changed(orgId: number): void {
      deps.cacheBus.publish(TOPIC, String(orgId));
    },
  };
}
