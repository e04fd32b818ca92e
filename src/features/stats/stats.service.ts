import type { Metrics } from '../../http/metrics.js';
import type { Clock } from '../../lib/clock.js';
import type { Db } from '../../store/database.js';
import { countTotals } from './stats.store.js';

/**
 * Keeps the svc_stat_* gauges current. They are refreshed when /metrics is scraped, at most once per
 * `[metrics] interval_seconds`, so an idle instance runs no background queries at all.
 */
export function createStatsService(deps: { db: Db; metrics: Metrics; clock: Clock; intervalMs: number }) {
  let refreshedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    const totals = await countTotals(deps.db);
    deps.metrics.totalUsers.set(totals.users);
    deps.metrics.totalOrgs.set(totals.orgs);
    deps.metrics.totalDashboards.set(totals.dashboards);
    refreshedAt = deps.clock.now();
  }

  return {
    async refreshIfStale(): Promise<void> {
      if (deps.clock.now() - refreshedAt < deps.intervalMs) return;
      inFlight ??= refresh().finally(() => (inFlight = undefined));
      await inFlight;
    },
  };
}
