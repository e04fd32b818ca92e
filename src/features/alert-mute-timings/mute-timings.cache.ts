import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';
import { createOrgCache } from '../../store/org-cache.js';
import type { MuteTimingsLookup } from './mute-timings.lookup.js';
import { containsTime, type TimeInterval } from './time-interval.js';

/** The mute timings lookup over a per-org cache of the parsed intervals by name (no query per check). */
export function createMuteTimingsCache(deps: {
  load: (orgId: number) => Promise<Map<string, TimeInterval[]>>;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
  highAvailability: boolean;
}) {
  const cache = createOrgCache({ ...deps, topic: 'alert-mute-timings', tables: ['alert_mute_timing'] });

  const lookup: MuteTimingsLookup = {
    async inAny(orgId, names, now) {
      if (names.length === 0) return false;
      const intervals = await cache.get(orgId);
      return names.some(
        (name) => intervals.get(name)?.some((interval) => containsTime(interval, now)) ?? false,
      );
    },
    async names(orgId) {
      return [...(await cache.get(orgId)).keys()];
    },
  };
  return { lookup, changed: (orgId: number) => cache.changed(orgId) };
}
