import { startDeadline } from '../deadline.js';
import { describeError, failAll, queryError } from '../errors.js';
import { goDurationString } from '../go-format.js';
import { checkHttpUrl, requestDataSource } from '../http-client.js';
import { queryIntervalMs, queryMaxDataPoints } from '../interval.js';
import type {
  CallOptions,
  DataFrame,
  DataQuery,
  DataSourcePlugin,
  DataSourceSettings,
  FrameMeta,
  HealthResult,
  QueryResult,
  QueryResults,
  TimeRange,
} from '../types.js';
import { callPrometheus, type PrometheusAnswer } from './client.js';
import { heatmapFrames, tableFrame } from './formats.js';
import { emptyFrame, timeSeriesFrames, toSeries } from './frames.js';
import { calculateStepMs, interpolateExpr } from './interpolate.js';
import { readPrometheusQuery, type PrometheusQuery } from './model.js';

const HEALTH_OK = 'Successfully queried the Prometheus API.';
const HEALTH_FAILED = 'There was an error returned querying the Prometheus API.';

export const prometheusPlugin: DataSourcePlugin = {
  type: 'prometheus',
  name: 'Prometheus',
  logoUrl: 'public/app/plugins/datasource/prometheus/img/prometheus_logo.svg',
  checkHealth: checkPrometheusHealth,
  query: queryPrometheus,
};

/**
 * Grafana's check: the instant query `1+1` at t=4s through the same path as panel queries, so
 * auth, custom headers and the HTTP method are all exercised. Build info adds `details`.
 */
async function checkPrometheusHealth(ds: DataSourceSettings, opts: CallOptions): Promise<HealthResult> {
  const badUrl = checkHttpUrl(ds);
  if (badUrl) return { status: 'ERROR', message: `${badUrl} - ${HEALTH_FAILED}` };
  const deadline = startDeadline(opts);
  try {
    const answer = await callPrometheus(
      ds,
      'api/v1/query',
      new URLSearchParams({ query: '1+1', time: '4' }),
      deadline.signal,
    );
    if (!answer.ok) return { status: 'ERROR', message: `${answer.message} - ${HEALTH_FAILED}` };
    const details = await buildInfoDetails(ds, deadline.signal);
    return details ? { status: 'OK', message: HEALTH_OK, details } : { status: 'OK', message: HEALTH_OK };
  } finally {
    deadline.dispose();
  }
}

/** Grafana's "heuristics": which Prometheus flavour answers; optional, so failures are silent. */
async function buildInfoDetails(
  ds: DataSourceSettings,
  signal: AbortSignal,
): Promise<Record<string, unknown> | undefined> {
  try {
    const response = await requestDataSource(ds, 'api/v1/status/buildinfo', { signal });
    if (response.status !== 200) return undefined;
    const body = JSON.parse(response.body) as { data?: { application?: unknown; features?: unknown } };
    const mimir =
      body.data?.features !== undefined || /mimir/i.test(JSON.stringify(body.data?.application ?? ''));
    return { application: mimir ? 'Mimir' : 'Prometheus', features: { rulerApiEnabled: mimir } };
  } catch {
    return undefined;
  }
}

async function queryPrometheus(
  ds: DataSourceSettings,
  queries: DataQuery[],
  range: TimeRange,
  opts: CallOptions,
): Promise<QueryResults> {
  const badUrl = checkHttpUrl(ds);
  if (badUrl) return failAll(queries, 400, badUrl);
  const deadline = startDeadline(opts);
  try {
    const entries = await Promise.all(
      queries.map(async (query) => [query.refId, await runQuery(ds, query, range, deadline.signal)] as const),
    );
    return Object.fromEntries(entries);
  } finally {
    deadline.dispose();
  }
}

async function runQuery(
  ds: DataSourceSettings,
  raw: DataQuery,
  range: TimeRange,
  signal: AbortSignal,
): Promise<QueryResult> {
  const query = readPrometheusQuery(raw);
  if (query.expr.trim() === '') return { status: 200, frames: [] };
  const scrapeInterval = typeof ds.jsonData.timeInterval === 'string' ? ds.jsonData.timeInterval.trim() : '';
  const intervalMs = queryIntervalMs(raw);
  let stepMs: number;
  try {
    stepMs = calculateStepMs({
      range,
      minStep: query.interval,
      intervalFactor: query.intervalFactor,
      intervalMs,
      maxDataPoints: queryMaxDataPoints(raw),
      scrapeInterval,
    });
  } catch (error) {
    return queryError(400, describeError(error));
  }
  const expr = interpolateExpr({
    expr: query.expr,
    range,
    stepMs,
    intervalMs,
    minStep: query.interval,
    scrapeInterval,
  });

  // Grafana compat: the data source's "Query timeout" goes to Prometheus as `timeout`.
  const timeout = typeof ds.jsonData.queryTimeout === 'string' ? ds.jsonData.queryTimeout.trim() : '';
  const withTimeout = (params: URLSearchParams) => {
    if (timeout) params.set('timeout', timeout);
    return params;
  };

  const frames: DataFrame[] = [];
  if (query.range) {
    // Grafana aligns the range to the step so Prometheus (and its caches) see stable windows.
    const start = Math.floor(range.from / stepMs) * stepMs;
    const end = Math.floor(range.to / stepMs) * stepMs;
    const params = new URLSearchParams({
      query: expr,
      start: seconds(start),
      end: seconds(end),
      step: seconds(stepMs),
    });
    const answer = await callPrometheus(ds, 'api/v1/query_range', withTimeout(params), signal);
    const result = toFrames(answer, query, expr, stepMs);
    if (!Array.isArray(result)) return result;
    frames.push(...result);
  }
  if (query.instant) {
    const params = new URLSearchParams({ query: expr, time: seconds(range.to) });
    const answer = await callPrometheus(ds, 'api/v1/query', withTimeout(params), signal);
    const result = toFrames(answer, query, expr, stepMs);
    if (!Array.isArray(result)) return result;
    frames.push(...result);
  }
  return { status: 200, frames };
}

/** Prometheus' time parameters are (fractional) seconds. */
function seconds(ms: number): string {
  return String(ms / 1000);
}

function toFrames(
  answer: PrometheusAnswer,
  query: PrometheusQuery,
  expr: string,
  stepMs: number,
): DataFrame[] | QueryResult {
  if (!answer.ok) return queryError(answer.status, answer.message);
  const meta: FrameMeta = {
    type: 'timeseries-multi',
    typeVersion: [0, 1],
    custom: { resultType: answer.data.resultType },
    executedQueryString: `Expr: ${expr}\nStep: ${goDurationString(stepMs)}`,
  };
  if (answer.warnings.length > 0) {
    meta.notices = answer.warnings.map((text) => ({ severity: 'warning' as const, text }));
  }
  const series = toSeries(answer.data);
  const context = { refId: query.refId, expr: query.expr, legendFormat: query.legendFormat, stepMs, meta };
  if (series.length === 0) return [emptyFrame(context)];
  if (query.format === 'table') return [tableFrame(series, query.refId, meta)];
  if (query.format === 'heatmap') return heatmapFrames(series, query.refId, meta);
  return timeSeriesFrames(series, context);
}
