import { ApiError } from '../../api/client.js';
import { postDashboard } from '../../api/dashboards.js';
import type { DashboardModel } from '../../lib/model.js';
import type { SaveResult } from '../../api/dashboards.js';

/** Why a save was refused in a way the user can resolve (Grafana's 412 statuses). */
export type SaveProblem =
  | { kind: 'version-mismatch'; message: string }
  | { kind: 'name-exists'; message: string }
  | { kind: 'error'; message: string };

export async function saveDashboard(body: {
  dashboard: DashboardModel;
  folderUid: string;
  message?: string;
  overwrite?: boolean;
}): Promise<{ saved: SaveResult } | { problem: SaveProblem }> {
  try {
    return { saved: await postDashboard(body) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { problem: { kind: 'error', message: String(error) } };
    const status = (error.body as { status?: string } | undefined)?.status;
    if (error.status === 412 && (status === 'version-mismatch' || status === 'name-exists'))
      return { problem: { kind: status, message: error.message } };
    return { problem: { kind: 'error', message: error.message } };
  }
}
