import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../http/metrics.js';
import type { DataSourcesStore } from './datasources.store.js';

/**
 * Keeps `svc_stat_totals_datasource{plugin_id}` equal to the stored data sources per type. It is
 * recounted after every write (coalesced) and once at start-up.
 */
export function createDataSourceStats(deps: {
  store: DataSourcesStore;
  metrics: Metrics;
  logger: FastifyBaseLogger;
}) {
  let pending: Promise<void> | undefined;
  let again = false;

  async function recount(): Promise<void> {
    const counts = await deps.store.countByType();
    deps.metrics.totalDatasources.reset();
    for (const [type, count] of counts) deps.metrics.totalDatasources.set({ plugin_id: type }, count);
  }

  function run(): Promise<void> {
    return recount()
      .catch((err: unknown) => deps.logger.warn({ err }, 'could not count data sources'))
      .finally(() => {
        pending = undefined;
        if (again) {
          again = false;
          void schedule();
        }
      });
  }

  function schedule(): Promise<void> {
    if (pending) {
      again = true;
      return pending;
    }
    pending = run();
    return pending;
  }

  return { refresh: schedule };
}
