import type { Clock } from '../../lib/clock.js';
import type { CacheBus } from '../../store/cache-bus.js';
import type { Database } from '../../store/database.js';
import { createOrgCache } from '../../store/org-cache.js';
import type { InhibitionLookup } from './inhibition-rules.lookup.js';
import { compileRule, inhibitedBy, type InhibitionRule } from './inhibition-rule.js';

/**
 * The inhibition lookup over a per-org cache of the org's rules (matchers compiled), so the
 * dispatcher's per-alert check costs no query. Dropped on every instance after a write commits
 * (topic `alert-inhibition-rules`), and whole on a change-tracked write to the table.
 */
export function createInhibitionRulesCache(deps: {
  load: (orgId: number) => Promise<InhibitionRule[]>;
  database: Database;
  cacheBus: CacheBus;
  clock: Clock;
  highAvailability: boolean;
}) {
  const cache = createOrgCache({
    ...deps,
    topic: 'alert-inhibition-rules',
    tables: ['alert_inhibition_rule'],
    load: async (orgId) => (await deps.load(orgId)).map(compileRule),
  });

  const lookup: InhibitionLookup = {
    async inhibitor(orgId) {
      const rules = await cache.get(orgId);
      if (rules.length === 0) return undefined;
      return (labels, firing) => inhibitedBy(rules, labels, firing);
    },
  };
  return { lookup, changed: (orgId: number) => cache.changed(orgId) };
}
