import { startHttpServer, type Peer } from './peers/datasource-peers.js';
import { startPrometheus, type PrometheusServer } from './prometheus.js';

/**
 * Shared pieces of the alert engine's tests: a gauge Debian's Prometheus scrapes from the test
 * (whose value the test sets), and a threshold rule over one query.
 */

export interface ScrapedGauge {
  prometheus: PrometheusServer;
  /** sets the gauge and waits until Prometheus has scraped the new value */
  set(value: number): Promise<void>;
  stop(): Promise<void>;
}

/** A gauge `<metric>{room="lab"}` served by the test and scraped every second by a real Prometheus. */
export async function startScrapedGauge(metric: string, initial = 0): Promise<ScrapedGauge> {
  let value = initial;
  const target: Peer = await startHttpServer((_request, response) => {
    response.setHeader('content-type', 'text/plain; version=0.0.4');
    response.end(`# TYPE ${metric} gauge\n${metric}{room="lab"} ${value}\n`);
  });
  const prometheus = await startPrometheus({ staticTargets: [`127.0.0.1:${target.port}`] });
  return {
    prometheus,
    async set(next) {
      value = next;
      for (let attempt = 0; attempt < 100; attempt++) {
        const response = await fetch(`${prometheus.url}/api/v1/query?query=${metric}`);
        const body = (await response.json()) as { data: { result: { value: [number, string] }[] } };
        if (Number(body.data.result[0]?.value[1]) === next) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`Prometheus never scraped ${metric} = ${next}`);
    },
    async stop() {
      await prometheus.stop();
      await target.close();
    },
  };
}

/** A rule firing when query A (on `dsUid`, with `model`) is above `threshold`: C = A > threshold. */
export function thresholdRule(
  dsUid: string,
  model: Record<string, unknown>,
  options: { title?: string; threshold?: number; annotations?: Record<string, string> } = {},
) {
  return {
    title: options.title ?? 'Too hot',
    condition: 'C',
    for: '0s',
    noDataState: 'NoData',
    execErrState: 'Error',
    labels: {},
    annotations: options.annotations ?? {},
    data: [
      {
        refId: 'A',
        relativeTimeRange: { from: 300, to: 0 },
        datasourceUid: dsUid,
        model: { refId: 'A', ...model },
      },
      {
        refId: 'C',
        relativeTimeRange: { from: 0, to: 0 },
        datasourceUid: '__expr__',
        model: {
          refId: 'C',
          type: 'threshold',
          expression: 'A',
          conditions: [{ evaluator: { type: 'gt', params: [options.threshold ?? 30] } }],
        },
      },
    ],
  };
}
