import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import type { FeatureDeps } from '../feature.js';
import { registerSnapshotsRoutes } from './snapshots.routes.js';
import { createSnapshotsService } from './snapshots.service.js';
import { createSnapshotsStore } from './snapshots.store.js';

// Grafana runs its clean-up every 10 minutes.
const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * Dashboard snapshots (/api/snapshots…, issue #24): the `dashboard_snapshot` table. Expired
 * snapshots are not served, and a background job deletes them.
 */
export function registerSnapshots(deps: FeatureDeps, siblings: { dashboards: DashboardsLookup }): void {
  const { server } = deps.config;
  const root = server.rootUrl || `http://${server.domain}:${server.httpPort}/`;
  const service = createSnapshotsService({
    store: createSnapshotsStore(deps.db),
    dashboards: siblings.dashboards,
    clock: deps.clock,
    appUrl: root.endsWith('/') ? root : `${root}/`,
  });
  registerSnapshotsRoutes(deps.api, service);
  deps.hooks.addJob({
    name: 'dashboard-snapshots-cleanup',
    intervalMs: CLEANUP_INTERVAL_MS,
    run: async () => void (await service.deleteExpired()),
  });
}
