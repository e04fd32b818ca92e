/**
 * "Add to dashboard": one panel holding the pane's queries, in a new dashboard (General folder) or
 * appended below the panels of an existing one, as Grafana's Explore does.
 */

import type { DataSourceInfo } from '../../api/datasources.js';
import { dashboardByUid, postDashboard } from '../../api/dashboards.js';
import { emptyDashboard, newPanel } from '../../editor/model/defaults.js';
import { upgradeRows, type Panel, type Target } from '../../lib/model.js';
import type { RawTimeRange } from '../../lib/time.js';

export interface ExplorePanelSource {
  datasource: DataSourceInfo;
  queries: Target[];
  range: RawTimeRange;
  panelType: 'timeseries' | 'table';
}

function explorePanel(source: ExplorePanelSource, id: number, y: number): Panel {
  const { datasource, queries, panelType } = source;
  const ref = { type: datasource.type, uid: datasource.uid };
  return {
    ...newPanel(datasource),
    id,
    type: panelType,
    title: 'Explore',
    gridPos: { x: 0, y, w: 24, h: 10 },
    targets: queries.map((q) => ({ ...q, datasource: ref })),
  };
}

export async function addToNewDashboard(source: ExplorePanelSource): Promise<string> {
  const stamp = new Date().toISOString().replace('T', ' ').slice(0, 19);
  const dashboard = {
    ...emptyDashboard(),
    title: `Explore ${source.datasource.name} ${stamp}`,
    time: source.range,
    panels: [explorePanel(source, 1, 0)],
  };
  const saved = await postDashboard({ dashboard, folderUid: '', message: 'Added from Explore' });
  return saved.uid;
}

/** Every panel of a dashboard, those inside collapsed rows included. */
function allPanels(panels: Panel[]): Panel[] {
  return panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);
}

/**
 * Appends the panel below the dashboard's panels and saves it from the version just read: a save
 * by someone else in between is refused (412), never overwritten.
 */
export async function addToExistingDashboard(uid: string, source: ExplorePanelSource): Promise<string> {
  const { dashboard, meta } = await dashboardByUid(uid);
  // a dashboard of the old schema (rows) is saved in the new one, as the dashboard editor does
  const panels = upgradeRows(dashboard);
  const current = { ...dashboard };
  delete current.rows;
  const id = Math.max(0, ...allPanels(panels).map((p) => p.id ?? 0)) + 1;
  const bottom = Math.max(0, ...panels.map((p) => (p.gridPos?.y ?? 0) + (p.gridPos?.h ?? 0)));
  const saved = await postDashboard({
    dashboard: { ...current, panels: [...panels, explorePanel(source, id, bottom)] },
    folderUid: meta.folderUid ?? '',
    message: 'Panel added from Explore',
  });
  return saved.uid;
}
