import type { Gauge } from 'prom-client';
import type { Database } from '../../store/database.js';
import type { ServerHooks } from '../feature.js';

const DEBOUNCE_MS = 1000;

/**
 * Keeps `svc_stat_total_dashboards` current: counted at start, and again shortly after dashboards
 * are inserted or deleted (updates, which carry columns, do not change the count).
 */
export function trackDashboardCount(deps: {
  database: Database;
  gauge: Gauge;
  count: () => Promise<number>;
  hooks: ServerHooks;
  onError: (err: unknown) => void;
}): void {
  let timer: NodeJS.Timeout | undefined;
  const recount = () =>
    deps.count().then(
      (n) => deps.gauge.set(n),
      (err: unknown) => deps.onError(err),
    );
  deps.database.onTablesChanged((change) => {
    if (!change.tables.has('dashboard') || change.columns.size > 0 || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void recount();
    }, DEBOUNCE_MS);
    timer.unref();
  });
  deps.hooks.onStart(recount);
  deps.hooks.onShutdown(() => {
    clearTimeout(timer);
    return Promise.resolve();
  });
}
