import type { BenchContext } from './types.js';

/**
 * One API call as the server admin while a scenario seeds, in the org `orgId` when given; throws
 * on a non-2xx answer and returns the parsed body (undefined when empty).
 */
export async function adminApi<T>(
  ctx: BenchContext,
  method: string,
  path: string,
  body?: unknown,
  orgId?: number,
): Promise<T> {
  const response = await fetch(ctx.url + path, {
    method,
    headers: {
      authorization: ctx.adminAuth,
      'content-type': 'application/json',
      ...(orgId ? { 'x-grafana-org-id': String(orgId) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
