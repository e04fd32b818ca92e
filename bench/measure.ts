import autocannon from 'autocannon';
import type { BenchRequest } from './scenarios/types.js';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export interface Measurement {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

interface MeasureOptions {
  connections?: number;
  /** seconds; BENCH_DURATION by default */
  durationS?: number;
  /** called for every request sent: e.g. a distinct dashboard per save, or another user's cookie */
  vary?: (n: number) => { body?: string; headers?: Record<string, string> };
}

/** Repeats `request` against `url` for BENCH_DURATION seconds with autocannon. */
export async function measure(
  url: string,
  request: BenchRequest,
  options: MeasureOptions = {},
): Promise<Measurement> {
  let sent = 0;
  const vary = options.vary;
  const result = await autocannon({
    url: url + request.path,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    connections: options.connections ?? CONNECTIONS,
    duration: options.durationS ?? DURATION_S,
    ...(vary && {
      requests: [
        {
          setupRequest: (req) => {
            const varied = vary(sent++);
            return { ...req, ...varied, headers: { ...req.headers, ...varied.headers } };
          },
        },
      ],
    }),
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A few requests first, so lazily built caches (title index, folder tree, identities) are not timed. */
export async function warmUp(
  url: string,
  request: BenchRequest,
  vary?: MeasureOptions['vary'],
  count = 20,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const varied = vary?.(-1 - i);
    const response = await fetch(url + request.path, {
      method: request.method ?? 'GET',
      headers: { ...request.headers, ...varied?.headers },
      body: varied?.body ?? request.body,
    });
    await response.arrayBuffer();
  }
}
