/** JSON calls to svc's API with the session cookie; errors carry the status and the server's message. */

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

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { signal?: AbortSignal; quiet401?: boolean } = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
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
  // 207: some queries of /api/ds/query failed; the body still carries every result.
  if (response.ok || response.status === 207) return parsed as T;
  if (response.status === 401 && !options.quiet401) onUnauthorized?.();
  const message =
    parsed && typeof parsed === 'object' && 'message' in parsed
      ? String(parsed.message)
      : response.statusText;
  throw new ApiError(response.status, message || `HTTP ${response.status}`, parsed);
}

export const get = <T>(path: string, signal?: AbortSignal) => api<T>('GET', path, undefined, { signal });
export const post = <T>(path: string, body?: unknown, signal?: AbortSignal) =>
  api<T>('POST', path, body ?? {}, { signal });
export const del = <T>(path: string) => api<T>('DELETE', path);

export interface SignedInUser {
  id: number;
  uid?: string;
  login: string;
  email: string;
  name: string;
  orgId: number;
  isGrafanaAdmin?: boolean;
  isServerAdmin?: boolean;
}

export interface UserOrg {
  orgId: number;
  name: string;
  role: string;
}

export interface SearchHit {
  id: number;
  uid: string;
  title: string;
  url: string;
  type: 'dash-db' | 'dash-folder';
  tags: string[];
  isStarred: boolean;
  folderUid?: string;
  folderTitle?: string;
  folderUrl?: string;
}

export interface DataSourceInfo {
  id: number;
  uid: string;
  name: string;
  type: string;
  isDefault: boolean;
}
