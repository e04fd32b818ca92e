/** The parts of Grafana's dashboard JSON model the viewer reads (saved dashboards carry many more). */

import type { DashboardLink } from './dashboard-links.js';
import type { FieldConfigSource } from './field-config.js';
import type { GridPos } from './layout.js';

export type DataSourceRef = { uid?: string | null; type?: string | null } | string | null | undefined;

export interface Target {
  refId?: string;
  datasource?: DataSourceRef;
  hide?: boolean;
  [key: string]: unknown;
}

export interface Panel {
  id?: number;
  type?: string;
  title?: string;
  description?: string;
  gridPos?: Partial<GridPos>;
  datasource?: DataSourceRef;
  targets?: Target[];
  fieldConfig?: FieldConfigSource;
  options?: Record<string, unknown>;
  links?: { title?: string; url?: string; targetBlank?: boolean }[];
  collapsed?: boolean;
  panels?: Panel[];
  maxDataPoints?: number;
  interval?: string;
  transparent?: boolean;
  repeat?: string;
  /** old text panels */
  content?: string;
  mode?: string;
  /** a library panel's reference: the dashboard keeps its place, the element its model */
  libraryPanel?: { uid: string; name?: string };
}

export interface VariableModel {
  name: string;
  type: string;
  label?: string;
  hide?: number;
  query?: unknown;
  definition?: string;
  datasource?: DataSourceRef;
  current?: { text?: string | string[]; value?: string | string[] };
  options?: { text?: string; value?: string; selected?: boolean }[];
  multi?: boolean;
  includeAll?: boolean;
  allValue?: string | null;
  regex?: string;
  auto?: boolean;
  auto_count?: number;
  auto_min?: string;
  refresh?: number;
  sort?: number;
}

export interface AnnotationQuery {
  name?: string;
  builtIn?: number;
  enable?: boolean;
  hide?: boolean;
  iconColor?: string;
  datasource?: DataSourceRef;
  type?: string;
}

export interface DashboardModel {
  id?: number | null;
  uid?: string;
  title?: string;
  description?: string;
  version?: number;
  editable?: boolean;
  schemaVersion?: number;
  tags?: string[];
  panels?: Panel[];
  /** Grafana < 5 dashboards keep panels in rows */
  rows?: { title?: string; collapse?: boolean; height?: number | string; panels?: Panel[] }[];
  time?: { from?: string; to?: string };
  timepicker?: { refresh_intervals?: string[]; hidden?: boolean; nowDelay?: string };
  refresh?: string | false;
  templating?: { list?: VariableModel[] };
  annotations?: { list?: AnnotationQuery[] };
  links?: DashboardLink[];
  timezone?: string;
  [key: string]: unknown;
}

export interface DashboardMeta {
  canSave?: boolean;
  canEdit?: boolean;
  canAdmin?: boolean;
  canDelete?: boolean;
  provisioned?: boolean;
  version?: number;
  slug?: string;
  url?: string;
  isStarred?: boolean;
  canStar?: boolean;
  folderTitle?: string;
  folderUid?: string;
  folderUrl?: string;
}

/**
 * Grafana < 5 dashboards keep panels in `rows` with a `span` (of 12) and a pixel height; Grafana
 * converts them to `gridPos` on load, and so does this.
 */
export function upgradeRows(model: DashboardModel): Panel[] {
  if (model.panels && model.panels.length > 0) return model.panels;
  if (!model.rows) return [];
  const panels: Panel[] = [];
  let y = 0;
  let nextId = 1000;
  for (const row of model.rows) {
    const height = Math.max(1, Math.ceil((Number.parseInt(String(row.height ?? 250), 10) || 250) / 38));
    const showRow = model.rows.length > 1 || !!row.title;
    if (showRow)
      panels.push({
        id: nextId++,
        type: 'row',
        title: row.title ?? '',
        gridPos: { x: 0, y: y++, w: 24, h: 1 },
      });
    let x = 0;
    for (const panel of row.panels ?? []) {
      const span = Number((panel as { span?: number }).span ?? 12);
      const w = Math.max(1, Math.round((span / 12) * 24));
      if (x + w > 24) {
        x = 0;
        y += height;
      }
      panels.push({ ...panel, gridPos: { x, y, w, h: height } });
      x += w;
    }
    y += height;
  }
  return panels;
}
