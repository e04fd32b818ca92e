import type { FastifyReply } from 'fastify';

/**
 * Grafana's per-data-source HTTP timeout: jsonData `timeout` in seconds (a number or a numeric
 * string, as the UI stores either). undefined when unset, so the caller's default applies.
 */
export function dataSourceTimeoutMs(jsonData: Record<string, unknown>): number | undefined {
  const raw = jsonData.timeout;
  const seconds = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Aborts when the HTTP client goes away before its answer was sent, so back-end work stops too. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
