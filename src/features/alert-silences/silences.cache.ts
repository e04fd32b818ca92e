import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';
import { createOrgCache } from '../../store/org-cache.js';
import type { SilencesLookup } from './silences.lookup.js';
import { compileSilence, type Silence } from './silence.js';

/**
 * The silences lookup over a per-org cache of the silences not yet ended (active and pending,
 * matchers compiled), so the dispatcher's per-alert check costs no query. A silence's state moves
 * with the clock, so each check compares its times with `now`; the cache only needs dropping when
 * silences are written.
 */
export function createSilencesCache(deps: {
  load: (orgId: number, now: number) => Promise<Silence[]>;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
  highAvailability: boolean;
}) {
  const cache = createOrgCache({
    ...deps,
    topic: 'alert-silences',
    tables: ['alert_silence'],
    load: async (orgId) => (await deps.load(orgId, deps.clock.now())).map(compileSilence),
  });

  const lookup: SilencesLookup = {
    async silencedBy(orgId, labels, now) {
      const ids: string[] = [];
      for (const silence of await cache.get(orgId)) {
        if (silence.startsAt <= now && now < silence.endsAt && silence.matches(labels)) ids.push(silence.id);
      }
      return ids;
    },
  };
  return { lookup, changed: (orgId: number) => cache.changed(orgId) };
}
