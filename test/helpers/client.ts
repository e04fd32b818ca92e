import type { TestServer } from './app.js';
import { secretsAudit } from './secrets-audit.js';

export interface Caller {
  /** Authorization header value, or a session cookie */
  authorization?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  /** Set-Cookie header values */
  cookies: string[];
}

export const basic = (login: string, password: string): Caller => ({
  authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
});
export const bearer = (token: string): Caller => ({ authorization: `Bearer ${token}` });
export const session = (token: string, cookieName = 'svc_session'): Caller => ({
  cookie: `${cookieName}=${token}`,
});
export const ADMIN = basic('admin', 'admin');

/** One HTTP request to a running test server, as a given caller; JSON in and out. */
export async function call<T = any>(
  server: TestServer,
  method: string,
  path: string,
  options: { as?: Caller; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.as?.headers, ...options.headers };
  if (options.as?.authorization) headers.authorization = options.as.authorization;
  if (options.as?.cookie) headers.cookie = options.as.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
    secretsAudit.request(options.body);
  }
  const response = await fetch(server.url + path, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  secretsAudit.response(method, path, text, response.headers.getSetCookie(), parsed);
  return {
    status: response.status,
    body: parsed as T,
    headers: response.headers,
    cookies: response.headers.getSetCookie(),
  };
}

/** The value of a cookie from Set-Cookie headers. */
export function cookieValue(cookies: string[], name: string): string | undefined {
  for (const cookie of cookies) {
    const [pair] = cookie.split(';');
    const [key, ...rest] = pair!.split('=');
    if (key?.trim() === name) return rest.join('=');
  }
  return undefined;
}
