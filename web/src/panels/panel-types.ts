/** Which panel types svc draws and which of them run queries: plain data, no React. */

/** Types with a visualisation; Grafana's older "graph", "singlestat" and "table-old" included. */
export const SUPPORTED_PANEL_TYPES = [
  'timeseries',
  'graph',
  'stat',
  'singlestat',
  'gauge',
  'bargauge',
  'table',
  'table-old',
  'text',
  'piechart',
  'dashlist',
  'heatmap',
  'state-timeline',
  'status-history',
  'histogram',
  'logs',
  'news',
] as const;

/** Panel types that show text only and run no queries. */
const NO_QUERIES = new Set(['text', 'row', 'dashlist', 'news', 'welcome', 'gettingstarted']);

const SUPPORTED = new Set<string>(SUPPORTED_PANEL_TYPES);

export function queriesData(type: string): boolean {
  return SUPPORTED.has(type) && !NO_QUERIES.has(type);
}
