import { ApiError } from '../../api/client.js';
import { importDashboard, postDashboard, type ImportResult } from '../../api/dashboards.js';
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
    return { problem: problemOf(error) };
  }
}

/** An exported dashboard imported (its inputs answered by the server), with the same problems. */
export async function importDashboardFile(
  body: Parameters<typeof importDashboard>[0],
): Promise<{ imported: ImportResult } | { problem: SaveProblem }> {
  try {
    return { imported: await importDashboard(body) };
  } catch (error) {
    return { problem: problemOf(error) };
  }
}

function problemOf(error: unknown): SaveProblem {
  if (!(error instanceof ApiError)) return { kind: 'error', message: String(error) };
  const status = (error.body as { status?: string } | undefined)?.status;
  if (error.status === 412 && (status === 'version-mismatch' || status === 'name-exists'))
    return { kind: status, message: error.message };
  return { kind: 'error', message: error.message };
}
