import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import type { FeatureDeps } from '../feature.js';
import { unitOfWork } from '../../store/transaction.js';
import { registerLibraryPanelsRoutes } from './library-panels.routes.js';
import { createLibraryPanelsService } from './library-panels.service.js';
import { createLibraryPanelsStore } from './library-panels.store.js';

/**
 * Library panels (/api/library-elements, issue #24): the `library_element` and
 * `library_element_connection` tables. A dashboard save records which elements its panels name
 * (`libraryPanel.uid`); a deleted dashboard's connections go with it (foreign key); a folder's
 * elements go with the folder, which is refused while a dashboard elsewhere uses one.
 */
export function registerLibraryPanels(deps: FeatureDeps, siblings: { dashboards: DashboardsLookup }): void {
  const { dashboards } = siblings;
  const service = createLibraryPanelsService({
    store: createLibraryPanelsStore(deps.db),
    dashboards,
    unitOfWork: unitOfWork(deps.db),
    clock: deps.clock,
  });
  dashboards.onDashboardSaved((saved) => service.dashboardSaved(saved));
  dashboards.onImportingLibraryElements((identity, elements, folder) =>
    service.importElements(identity, elements, folder),
  );
  dashboards.onFoldersDeleting((orgId, folderUids) => service.foldersDeleting(orgId, folderUids));
  registerLibraryPanelsRoutes(deps.api, service);
}
