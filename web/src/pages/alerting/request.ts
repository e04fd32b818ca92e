import { ApiError } from '../../app/api.js';

/**
 * JSON calls for the alerting pages. Writes carry `X-Disable-Provenance` so what the UI creates
 * stays editable in the UI (no provenance), as Grafana's own UI does; anything provisioned from a
 * file or by another API client keeps its provenance and is shown read-only. Non-2xx answers
 * throw ApiError with the server's message and body; `allow` lists statuses whose body is a result
 * (the test endpoint answers 207/400/408 with per-integration results).
 */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  allow: number[] = [],
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-disable-provenance'] = 'true';
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (response.ok || allow.includes(response.status)) return parsed as T;
  const message =
    parsed && typeof parsed === 'object' && 'message' in parsed
      ? String(parsed.message)
      : response.statusText;
  throw new ApiError(response.status, message || `HTTP ${response.status}`, parsed);
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
