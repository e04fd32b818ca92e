/** Starting points: an empty dashboard, a new panel, and a first query for a data source type. */

import type { DataSourceInfo } from '../../api/datasources.js';
import type { DashboardModel, Panel, Target } from '../../lib/model.js';

export function emptyDashboard(): DashboardModel {
  return {
    title: 'New dashboard',
    tags: [],
    timezone: 'browser',
    editable: true,
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    timepicker: {},
    refresh: '',
    templating: { list: [] },
    annotations: {
      list: [
        {
          builtIn: 1,
          datasource: { type: 'grafana', uid: '-- Grafana --' },
          enable: true,
          hide: true,
          iconColor: 'rgba(0, 211, 255, 1)',
          name: 'Annotations & Alerts',
          type: 'dashboard',
        },
      ],
    },
    links: [],
    panels: [],
  };
}

export const TESTDATA_TYPES = new Set(['grafana-testdata-datasource', 'testdata']);
export const PROMETHEUS_TYPES = new Set(['prometheus']);
export const SQL_TYPES = new Set(['mysql', 'grafana-postgresql-datasource', 'postgres']);

/** A query for a data source, as Grafana's query editors start it. */
export function defaultTarget(ds: Pick<DataSourceInfo, 'uid' | 'type'> | undefined, refId: string): Target {
  const datasource = ds ? { type: ds.type, uid: ds.uid } : undefined;
  if (!ds) return { refId };
  if (TESTDATA_TYPES.has(ds.type)) return { refId, datasource, scenarioId: 'random_walk', seriesCount: 1 };
  if (PROMETHEUS_TYPES.has(ds.type))
    return {
      refId,
      datasource,
      expr: '',
      range: true,
      instant: false,
      editorMode: 'code',
      legendFormat: '__auto',
    };
  if (ds.type === 'loki') return { refId, datasource, expr: '', queryType: 'range' };
  if (SQL_TYPES.has(ds.type)) return { refId, datasource, rawSql: '', format: 'table', editorMode: 'code' };
  return { refId, datasource };
}

export function newPanel(ds: DataSourceInfo | undefined): Omit<Panel, 'id'> {
  return {
    type: 'timeseries',
    title: 'Panel Title',
    gridPos: { x: 0, y: 0, w: 12, h: 8 },
    datasource: ds ? { type: ds.type, uid: ds.uid } : undefined,
    targets: [defaultTarget(ds, 'A')],
    fieldConfig: { defaults: {}, overrides: [] },
    options: {},
  };
}

/** The next free query letter: A, B, … Z, then A1, B1, … */
export function nextRefId(targets: Target[]): string {
  const used = new Set(targets.map((t) => t.refId));
  for (let round = 0; ; round++) {
    for (let i = 0; i < 26; i++) {
      const id = String.fromCharCode(65 + i) + (round ? String(round) : '');
      if (!used.has(id)) return id;
    }
  }
}
