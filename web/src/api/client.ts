/**
 * The one fetch wrapper for svc's API: JSON in and out with the session cookie; a failed call
 * throws ApiError carrying the status, the server's `{message}` and the body. Only the modules in
 * web/src/api/ call it; they hold the paths.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Called on 401 so the app can send the user to the login page. */
let onUnauthorized: (() => void) | undefined;
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** a 401 is the answer (the login form), not a reason to leave the page */
  quiet401?: boolean;
  /** extra request headers */
  headers?: Record<string, string>;
  /** non-2xx statuses whose body is a result rather than an error (207 is always one) */
  resultStatuses?: number[];
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  // 207: some queries of a data source query failed; the body still carries every result.
  if (response.ok || response.status === 207 || options.resultStatuses?.includes(response.status)) {
    return parsed as T;
  }
  if (response.status === 401 && !options.quiet401) onUnauthorized?.();
  const message =
    parsed && typeof parsed === 'object' && 'message' in parsed
      ? String(parsed.message)
      : response.statusText;
  throw new ApiError(response.status, message || `HTTP ${response.status}`, parsed);
}

export const get = <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, { signal });
export const post = <T = unknown>(path: string, body?: unknown, signal?: AbortSignal) =>
  request<T>('POST', path, body ?? {}, { signal });
export const put = <T = unknown>(path: string, body: unknown) => request<T>('PUT', path, body);
export const patch = <T = unknown>(path: string, body: unknown) => request<T>('PATCH', path, body);
export const del = <T = unknown>(path: string) => request<T>('DELETE', path);

/** `?a=1&b=2` from the defined values (nothing when none is). */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A path segment from an id or uid. */
export const seg = (value: string | number) => encodeURIComponent(String(value));

/** The text to show for a failed call: the server's message when it sent one. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
