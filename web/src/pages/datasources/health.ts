import { ApiError } from '../../api/client.js';
import { dataSourceHealth } from '../../api/datasources.js';
import type { HealthResult } from './types.js';

/**
 * Runs the server's health check. A failed check answers HTTP 400 with the same
 * `{status, message}` body, which is the result to show, not an error.
 */
export async function checkHealth(uid: string): Promise<HealthResult> {
  try {
    return await dataSourceHealth(uid);
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as Partial<HealthResult> | undefined) : undefined;
    if (body && typeof body.status === 'string' && typeof body.message === 'string') {
      return { status: body.status, message: body.message };
    }
    return { status: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
}
