import { DeadlineError } from '../deadline.js';
import { describeError } from '../errors.js';
import { requestDataSource } from '../http-client.js';
import type { DataSourceSettings } from '../types.js';

/** Prometheus' `data` member of a successful API answer. */
export interface PrometheusData {
  resultType: 'matrix' | 'vector' | 'scalar' | 'string';
  result: unknown;
}

export type PrometheusAnswer =
  | { ok: true; data: PrometheusData; warnings: string[] }
  /** status: 400 when the back end refused the request (bad query, bad credentials), else 500 */
  | { ok: false; status: 400 | 500; message: string };

/**
 * One call of Prometheus' HTTP API (`/api/v1/query`, `/api/v1/query_range`), with the data
 * source's method (jsonData.httpMethod, POST unless GET), custom query parameters and auth.
 */
export async function callPrometheus(
  ds: DataSourceSettings,
  path: string,
  params: URLSearchParams,
  signal: AbortSignal,
): Promise<PrometheusAnswer> {
  const configured = ds.jsonData.httpMethod;
  const method = typeof configured === 'string' && configured.toUpperCase() === 'GET' ? 'GET' : 'POST';
  const custom = ds.jsonData.customQueryParameters;
  if (typeof custom === 'string' && custom.trim() !== '') {
    for (const [key, value] of new URLSearchParams(custom)) params.append(key, value);
  }
  let response;
  try {
    response = await requestDataSource(ds, path, { method, params, signal });
  } catch (error) {
    return { ok: false, status: 500, message: transportMessage(ds, error) };
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  const answer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  if (response.status >= 200 && response.status < 300 && answer?.status === 'success') {
    const data = answer.data as PrometheusData | undefined;
    if (!data || typeof data !== 'object' || typeof data.resultType !== 'string') {
      return { ok: false, status: 500, message: 'Prometheus answered without a result' };
    }
    const warnings = Array.isArray(answer.warnings) ? answer.warnings.map(String) : [];
    return { ok: true, data, warnings };
  }
  const status = response.status >= 400 && response.status < 500 ? 400 : 500;
  if (answer && typeof answer.error === 'string') {
    // client_golang's wording, which Grafana shows: "<errorType>: <error>"
    const type = typeof answer.errorType === 'string' ? `${answer.errorType}: ` : '';
    return { ok: false, status, message: `${type}${answer.error}` };
  }
  const snippet = response.body.trim().slice(0, 200);
  return {
    ok: false,
    status,
    message: `Prometheus answered HTTP ${response.status}${snippet === '' ? '' : `: ${snippet}`}`,
  };
}

function transportMessage(ds: DataSourceSettings, error: unknown): string {
  if (error instanceof DeadlineError) {
    return error.kind === 'timeout'
      ? `Request to Prometheus ${error.message}`
      : `Request to Prometheus was ${error.message}`;
  }
  return `Prometheus at ${ds.url} could not be reached: ${describeError(error)}`;
}
