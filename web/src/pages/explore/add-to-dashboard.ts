/** "Add to dashboard": a new dashboard saved in the General folder with one panel holding the queries. */

import type { DataSourceInfo } from '../../api/datasources.js';
import { postDashboard } from '../../api/dashboards.js';
import { emptyDashboard, newPanel } from '../../editor/model/defaults.js';
import type { Target } from '../../lib/model.js';
import type { RawTimeRange } from '../../lib/time.js';

export async function addToNewDashboard(args: {
  datasource: DataSourceInfo;
  queries: Target[];
  range: RawTimeRange;
  panelType: 'timeseries' | 'table';
}): Promise<string> {
  const { datasource, queries, range, panelType } = args;
  const ref = { type: datasource.type, uid: datasource.uid };
  const stamp = new Date().toISOString().replace('T', ' ').slice(0, 19);
  const dashboard = {
    ...emptyDashboard(),
    title: `Explore ${datasource.name} ${stamp}`,
    time: range,
    panels: [
      {
        ...newPanel(datasource),
        id: 1,
        type: panelType,
        title: 'Explore',
        gridPos: { x: 0, y: 0, w: 24, h: 10 },
        targets: queries.map((q) => ({ ...q, datasource: ref })),
      },
    ],
  };
  const saved = await postDashboard({ dashboard, folderUid: '', message: 'Added from Explore' });
  return saved.uid;
}
