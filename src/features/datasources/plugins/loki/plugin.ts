import { DeadlineError, startDeadline } from '../deadline.js';
import { describeError } from '../errors.js';
import { checkHttpUrl, requestDataSource } from '../http-client.js';
import type { CallOptions, DataSourcePlugin, DataSourceSettings, HealthResult } from '../types.js';

const LOOKBACK_MS = 10 * 60_000;

/**
 * Loki: health only (queries are not implemented yet, TODO(#6)). The check asks for the label
 * names of the last ten minutes, as Grafana's Loki data source did: a Loki that answers with
 * labels is working, one that answers with none is up but receives no logs.
 */
export const lokiPlugin: DataSourcePlugin = {
  type: 'loki',
  name: 'Loki',
  logoUrl: 'public/app/plugins/datasource/loki/img/loki_icon.svg',
  checkHealth: checkLokiHealth,
};

const nanos = (ms: number) => (BigInt(ms) * 1_000_000n).toString();

async function checkLokiHealth(ds: DataSourceSettings, opts: CallOptions): Promise<HealthResult> {
  const badUrl = checkHttpUrl(ds);
  if (badUrl) return { status: 'ERROR', message: badUrl };
  const deadline = startDeadline(opts);
  try {
    const now = Date.now();
    const params = new URLSearchParams({
      // Exact nanoseconds: milliseconds times 1e6 in a double lose the last digits.
      start: nanos(now - LOOKBACK_MS),
      end: nanos(now),
    });
    const response = await requestDataSource(ds, 'loki/api/v1/labels', { params, signal: deadline.signal });
    let body: { status?: unknown; data?: unknown; error?: unknown; message?: unknown } | undefined;
    try {
      body = JSON.parse(response.body) as typeof body;
    } catch {
      body = undefined;
    }
    if (response.status !== 200) {
      const reason =
        typeof body?.error === 'string'
          ? body.error
          : typeof body?.message === 'string'
            ? body.message
            : response.body.trim().slice(0, 200);
      return {
        status: 'ERROR',
        message: `Unable to connect with Loki: HTTP ${response.status}${reason ? ` ${reason}` : ''}. Please check the server logs for more details.`,
      };
    }
    if (body?.status !== 'success' || !Array.isArray(body.data)) {
      return {
        status: 'ERROR',
        message: 'Unable to connect with Loki: the answer is not a Loki label list.',
      };
    }
    if (body.data.length === 0) {
      return {
        status: 'ERROR',
        message:
          'Data source connected, but no labels were received. Verify that Loki and Promtail are correctly configured.',
      };
    }
    return { status: 'OK', message: 'Data source successfully connected.' };
  } catch (error) {
    const reason = error instanceof DeadlineError ? `the request ${error.message}` : describeError(error);
    return { status: 'ERROR', message: `Unable to connect with Loki at ${ds.url}: ${reason}` };
  } finally {
    deadline.dispose();
  }
}
