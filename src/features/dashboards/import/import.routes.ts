import type { Api } from '../../../http/api.js';
import type { UnitOfWork } from '../../../store/transaction.js';
import { identityOf } from '../../../access/identity.js';
import { can } from '../../../access/evaluator.js';
import type { DashboardsService, LibraryElementsImporter } from '../dashboards.service.js';
import { titleOf, type DashboardModel } from '../dashboard-model.js';
import { applyImportInputs } from './import-template.js';
import { importDashboardMissing, pluginDashboardNotFound } from './import.errors.js';
import { ImportDashboardBody, ImportDashboardResponse } from './import.schema.js';

/**
 * `POST /api/dashboards/import`, Grafana's import of an exported dashboard: its `__inputs` are
 * answered by `inputs` (a data source uid for `${DS_PROMETHEUS}`, a constant…), then it is saved
 * like any dashboard (same checks, title rules, overwrite and folder). The library panels of
 * `__elements` that the org lacks are created first in the dashboard's folder, as Grafana does,
 * in the same unit of work: a refused element or dashboard leaves nothing behind.
 */
export function registerDashboardImportRoutes(
  api: Api,
  deps: {
    dashboards: DashboardsService;
    folderIdOfUid(orgId: number, uid: string): Promise<number>;
    /** the library panels feature, when registered */
    importingElements: LibraryElementsImporter[];
    unitOfWork: UnitOfWork;
  },
): void {
  api.post(
    '/api/dashboards/import',
    {
      // Grafana: dashboards:create; where it may go is checked by the save, as for any save
      config: { permission: can('dashboards:create') },
      schema: { body: ImportDashboardBody, response: { 200: ImportDashboardResponse } },
    },
    async (request) => {
      const body = request.body;
      if (!body.dashboard) throw body.pluginId ? pluginDashboardNotFound() : importDashboardMissing();
      const { dashboard, elements } = applyImportInputs(body.dashboard as DashboardModel, body.inputs ?? []);
      const identity = identityOf(request);
      const folder = {
        folderUid: body.folderUid || undefined,
        folderId: body.folderUid ? undefined : (body.folderId ?? undefined),
      };
      const saved = await deps.unitOfWork(async () => {
        for (const importElements of deps.importingElements) await importElements(identity, elements, folder);
        return deps.dashboards.save(identity, { dashboard, ...folder, overwrite: body.overwrite });
      });
      const revision = typeof dashboard.revision === 'number' ? Math.trunc(dashboard.revision) : 0;
      return {
        uid: saved.uid,
        pluginId: body.pluginId ?? '',
        title: titleOf(dashboard),
        imported: true,
        importedUri: `db/${saved.slug}`,
        importedUrl: saved.url,
        slug: saved.slug,
        dashboardId: saved.id,
        folderId: saved.folderUid ? await deps.folderIdOfUid(identity.orgId, saved.folderUid) : 0,
        folderUid: saved.folderUid,
        importedRevision: revision,
        revision,
        description: '',
        path: body.path ?? '',
        removed: false,
      };
    },
  );
}
