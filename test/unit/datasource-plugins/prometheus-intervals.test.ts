import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  queryDataSource,
  type DataQuery,
  type DataSourceSettings,
} from '../../../src/features/datasources/plugins/index.js';
import { startPrometheus, type PrometheusServer } from '../../helpers/prometheus.js';

// Issue #21: every time variable must expand to something Prometheus parses, at every range a
// dashboard offers and with every panel width and scrape setting — whatever `intervalMs` a client
// sends (Grafana's UI rounds it; a script or another client may not). The expected outcome is
// Prometheus' own verdict: the query runs without an error.

let prometheus: PrometheusServer;
beforeAll(async () => {
  prometheus = await startPrometheus();
}, 60_000);
afterAll(async () => {
  await prometheus?.stop();
});

const MIN = 60_000;
const RANGES = {
  '5m': 5 * MIN,
  '1h': 60 * MIN,
  '6h': 360 * MIN,
  '24h': 1440 * MIN,
  '2d': 2880 * MIN,
  '7d': 7 * 1440 * MIN,
  '30d': 30 * 1440 * MIN,
};
/** panel widths as data points, and the intervals a client sends: rounded as Grafana's UI does, and raw */
const POINTS = [100, 855, 1500];
const SCRAPES = ['', '1s', '30s', '1m'];
const MIN_STEPS = ['', '$__rate_interval', '$__interval', '10s'];
const EXPR =
  'rate(prometheus_http_requests_total[$__rate_interval]) * 0 + $__interval_ms * 0 + $__range_s * 0' +
  ' + count_over_time(up[$__interval]) * 0 + count_over_time(up[$__range]) * 0 + $__rate_interval_ms * 0';

function settings(scrape: string): DataSourceSettings {
  return {
    uid: 'prom',
    type: 'prometheus',
    name: 'Prometheus',
    url: prometheus.url,
    access: 'proxy',
    jsonData: scrape ? { timeInterval: scrape } : {},
    secureJsonData: {},
  };
}

describe('Prometheus time variables at every range', () => {
  it('expand to durations Prometheus parses, for every range, width, scrape interval and min step', async () => {
    const now = Date.now();
    const failures: string[] = [];
    for (const [label, span] of Object.entries(RANGES)) {
      for (const points of POINTS) {
        const raw = span / points;
        for (const intervalMs of [raw, Math.round(raw)]) {
          for (const scrape of SCRAPES) {
            const queries: DataQuery[] = MIN_STEPS.map((interval, i) => ({
              refId: `Q${i}`,
              datasource: { uid: 'prom', type: 'prometheus' },
              expr: EXPR,
              range: true,
              interval,
              intervalMs,
              maxDataPoints: points,
            }));
            const results = await queryDataSource(settings(scrape), queries, { from: now - span, to: now });
            for (const [refId, result] of Object.entries(results)) {
              if (result.status !== 200 || result.error) {
                failures.push(
                  `${label}, ${points} points, intervalMs ${intervalMs}, scrape "${scrape}", min step "${MIN_STEPS[Number(refId.slice(1))]}": ${String(result.error ?? result.status)}`,
                );
              }
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
