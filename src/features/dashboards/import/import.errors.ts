import { defineError } from '../../../http/errors.js';

/** A `__inputs` entry no input answers (Grafana: `Dashboard input variable: X missing…`). */
export const importInputMissing = defineError(
  400,
  'dashboard.import-input-missing',
  'Dashboard input variable missing from import command',
);
/** Grafana's answer to an import without a dashboard. */
export const importDashboardMissing = defineError(
  422,
  'dashboard.import-dashboard-missing',
  'Dashboard must be set',
);
/** svc bundles no plugin dashboards, so `pluginId` + `path` names nothing it could import. */
export const pluginDashboardNotFound = defineError(
  404,
  'dashboard.import-plugin-dashboard-not-found',
  'Plugin dashboard not found: svc bundles no plugin dashboards; send the dashboard itself',
);
