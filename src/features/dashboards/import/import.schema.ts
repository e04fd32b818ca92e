import { Type } from 'typebox';
import { Id, LIMITS, SANE, Text } from '../../../lib/limits.js';

const ImportInput = Type.Object({
  name: Type.Optional(Text(SANE.importInput.name)),
  type: Type.Optional(Text(SANE.importInput.name)),
  pluginId: Type.Optional(Text(SANE.importInput.name)),
  value: Type.Optional(Text(SANE.importInput.value)),
});

/** Grafana's ImportDashboardRequest. */
export const ImportDashboardBody = Type.Object({
  // Any model, as for a save; `__inputs` says which inputs it needs.
  dashboard: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
  inputs: Type.Optional(Type.Union([Type.Array(ImportInput, { maxItems: 1000 }), Type.Null()])),
  overwrite: Type.Optional(Type.Boolean()),
  folderUid: Type.Optional(Type.Union([Text(LIMITS.uid), Type.Null()])),
  // Grafana compat: deprecated; 0 is the General folder; folderUid wins when both are set.
  folderId: Type.Optional(Type.Union([Id(), Type.Null()])),
  pluginId: Type.Optional(Text(SANE.importInput.name)),
  path: Type.Optional(Text(SANE.importInput.name)),
});

/** Grafana's ImportDashboardResponse (the plugin fields are empty: svc has no plugin dashboards). */
export const ImportDashboardResponse = Type.Object({
  uid: Type.String(),
  pluginId: Type.String(),
  title: Type.String(),
  imported: Type.Boolean(),
  importedUri: Type.String(),
  importedUrl: Type.String(),
  slug: Type.String(),
  dashboardId: Type.Integer(),
  folderId: Type.Integer(),
  folderUid: Type.String(),
  importedRevision: Type.Integer(),
  revision: Type.Integer(),
  description: Type.String(),
  path: Type.String(),
  removed: Type.Boolean(),
});
