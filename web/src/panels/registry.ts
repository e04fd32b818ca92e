import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SUPPORTED_PANEL_TYPES } from './panel-types.js';
import type { PanelProps } from './types.js';

type PanelComponent = LazyExoticComponent<ComponentType<PanelProps>>;

// One chunk per panel type: a dashboard downloads only the visualisations it uses.
const timeseries = lazy(() => import('./TimeSeriesPanel.js'));
const stat = lazy(() => import('./StatPanel.js'));
const gauge = lazy(() => import('./GaugePanel.js'));
const bargauge = lazy(() => import('./BarGaugePanel.js'));
const table = lazy(() => import('./TablePanel.js'));
const text = lazy(() => import('./TextPanel.js'));
const piechart = lazy(() => import('./PieChartPanel.js'));
const dashlist = lazy(() => import('./DashListPanel.js'));
const heatmap = lazy(() => import('./HeatmapPanel.js'));
const stateTimeline = lazy(() => import('./StateTimelinePanel.js'));
const statusHistory = lazy(() => import('./StatusHistoryPanel.js'));
const histogram = lazy(() => import('./HistogramPanel.js'));
const logs = lazy(() => import('./LogsPanel.js'));
const news = lazy(() => import('./NewsPanel.js'));
const unsupported = lazy(() => import('./UnsupportedPanel.js'));

export { queriesData } from './panel-types.js';

const PANELS: Record<(typeof SUPPORTED_PANEL_TYPES)[number], PanelComponent> = {
  timeseries,
  // Grafana compat: older dashboards use "graph", "singlestat" and "table-old"; Grafana migrates them.
  graph: timeseries,
  stat,
  singlestat: stat,
  gauge,
  bargauge,
  table,
  'table-old': table,
  text,
  piechart,
  dashlist,
  heatmap,
  'state-timeline': stateTimeline,
  'status-history': statusHistory,
  histogram,
  logs,
  news,
};

export function panelComponent(type: string): PanelComponent {
  return PANELS[type as keyof typeof PANELS] ?? unsupported;
}
