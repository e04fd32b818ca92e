import type { DataQuery } from '../types.js';

export type PrometheusFormat = 'time_series' | 'table' | 'heatmap';

/** The Prometheus query fields svc reads (names as Grafana's Prometheus data source saves them). */
export interface PrometheusQuery {
  refId: string;
  expr: string;
  instant: boolean;
  range: boolean;
  format: PrometheusFormat;
  /** `{{label}}` template for series names; `__auto` means Grafana's automatic naming */
  legendFormat: string;
  /** the query's min step ("30s", "$__rate_interval", ...); empty when unset */
  interval: string;
  intervalFactor: number;
}

export function readPrometheusQuery(query: DataQuery): PrometheusQuery {
  const instant = query.instant === true;
  let range = query.range === true;
  // Grafana: a query that asks for neither kind runs as a range query.
  if (!instant && !range) range = true;
  const format = query.format === 'table' || query.format === 'heatmap' ? query.format : 'time_series';
  const interval =
    typeof query.interval === 'string' ? query.interval : typeof query.step === 'string' ? query.step : '';
  const factor =
    typeof query.intervalFactor === 'number' && query.intervalFactor > 0 ? query.intervalFactor : 1;
  return {
    refId: query.refId,
    expr: typeof query.expr === 'string' ? query.expr : '',
    instant,
    range,
    format,
    legendFormat: typeof query.legendFormat === 'string' ? query.legendFormat : '',
    interval: interval.trim(),
    intervalFactor: factor,
  };
}
