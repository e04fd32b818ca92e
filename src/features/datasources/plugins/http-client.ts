import { DEFAULT_EGRESS, EgressRefused } from './egress.js';
import type { DataSourceSettings } from './types.js';

/**
 * HTTP access to data sources that speak HTTP (Prometheus, Loki): the data source's own auth
 * is added here, once, the way Grafana's HTTP client middlewares add it.
 */

/**
 * Custom headers: jsonData `httpHeaderName<N>` with secureJsonData `httpHeaderValue<N>`, N = 1, 2,
 * ... Grafana compat: the scan stops at the first missing name, so a gap hides later headers.
 */
function customHeaders(ds: DataSourceSettings): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let index = 1; ; index++) {
    const name = ds.jsonData[`httpHeaderName${index}`];
    if (typeof name !== 'string' || name.trim() === '') break;
    const value = ds.secureJsonData[`httpHeaderValue${index}`];
    if (value !== undefined) headers[name.trim()] = value;
  }
  return headers;
}

/** Basic auth (when `basicAuth` is on) then custom headers, which win on a clash as in Grafana. */
export function dataSourceHeaders(ds: DataSourceSettings): Record<string, string> {
  const headers: Record<string, string> = {};
  if (ds.basicAuth) {
    const password = ds.secureJsonData.basicAuthPassword ?? '';
    const token = Buffer.from(`${ds.basicAuthUser ?? ''}:${password}`, 'utf8').toString('base64');
    headers.Authorization = `Basic ${token}`;
  }
  for (const [name, value] of Object.entries(customHeaders(ds))) {
    for (const existing of Object.keys(headers)) {
      if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    }
    headers[name] = value;
  }
  return headers;
}

/** `base` + `path` with exactly one slash between them (URLs may be stored with a trailing one). */
function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

interface DataSourceResponse {
  status: number;
  body: string;
}

interface DataSourceRequest {
  method?: 'GET' | 'POST';
  /** query-string (GET) or form-body (POST) parameters */
  params?: URLSearchParams;
  signal: AbortSignal;
}

/** fetch's own bound on redirects. */
const MAX_REDIRECTS = 20;

/**
 * One request to the data source. Throws only for transport trouble (refused, reset, timed out
 * via `signal`, a host svc will not connect to); any HTTP status comes back as a value for the
 * plugin to interpret. Redirects are followed here, each target checked by the egress guard
 * (fetch would follow one to a metadata address unasked); the data source's credentials are not
 * sent to another origin.
 */
export async function requestDataSource(
  ds: DataSourceSettings,
  path: string,
  request: DataSourceRequest,
): Promise<DataSourceResponse> {
  const url = new URL(joinUrl(ds.url, path));
  const headers: Record<string, string> = { Accept: 'application/json', ...dataSourceHeaders(ds) };
  const method = request.method ?? 'GET';
  let body: string | undefined;
  if (request.params) {
    if (method === 'POST') {
      body = request.params.toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else {
      for (const [key, value] of request.params) url.searchParams.append(key, value);
    }
  }
  const egress = ds.egress ?? DEFAULT_EGRESS;
  let target = url;
  let init: RequestInit = { method, headers, body, signal: request.signal, redirect: 'manual' };
  for (let redirects = 0; ; redirects++) {
    const refusal = await egress.refusal(target);
    if (refusal) throw new EgressRefused(refusal);
    const response = await fetch(target, init);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || !location || redirects === MAX_REDIRECTS) {
      return { status: response.status, body: await response.text() };
    }
    await response.body?.cancel();
    const next = new URL(location, target);
    // as fetch does: 303, and 301/302 after a POST, continue as a GET without the body
    const toGet = response.status === 303 || (init.method === 'POST' && response.status <= 302);
    init = {
      ...init,
      method: toGet ? 'GET' : init.method,
      body: toGet ? undefined : init.body,
      headers: next.origin === target.origin ? init.headers : { Accept: 'application/json' },
    };
    target = next;
  }
}

/** The URL must be absolute http(s); anything else is a settings error worth saying plainly. */
export function checkHttpUrl(ds: DataSourceSettings): string | undefined {
  if (ds.url.trim() === '') return 'The data source has no URL';
  try {
    const url = new URL(ds.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return `The data source URL must start with http:// or https://, got "${ds.url}"`;
    }
  } catch {
    return `The data source URL "${ds.url}" is not a valid URL`;
  }
  return undefined;
}
