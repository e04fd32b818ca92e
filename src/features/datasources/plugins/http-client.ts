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

/**
 * One request to the data source. Throws only for transport trouble (refused, reset, timed out
 * via `signal`); any HTTP status comes back as a value for the plugin to interpret.
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
  const response = await fetch(url, { method, headers, body, signal: request.signal, redirect: 'follow' });
  return { status: response.status, body: await response.text() };
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
