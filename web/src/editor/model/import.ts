/** Importing a dashboard file: its `__inputs` (the server fills their values in: POST /api/dashboards/import). */

import type { DashboardModel } from '../../lib/model.js';
import type { DashboardInput } from './export.js';

export function inputsOf(model: DashboardModel): DashboardInput[] {
  const list = model.__inputs;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (input): input is DashboardInput =>
      typeof input === 'object' &&
      input !== null &&
      typeof (input as DashboardInput).name === 'string' &&
      ((input as DashboardInput).type === 'datasource' || (input as DashboardInput).type === 'constant'),
  );
}

/** A file's text as a dashboard model, or why it is not one. */
export function parseDashboard(text: string): { model?: DashboardModel; error?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { error: 'A dashboard is a JSON object' };
  const model = parsed as DashboardModel;
  // Grafana's API responses wrap the model: {"dashboard": {...}, "meta": {...}}.
  if (typeof model.dashboard === 'object' && model.dashboard !== null && !('panels' in model))
    return parseDashboard(JSON.stringify(model.dashboard));
  return { model };
}
