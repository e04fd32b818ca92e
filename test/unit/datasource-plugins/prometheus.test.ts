import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDataSourceHealth,
  dataSourceHeaders,
  queryDataSource,
  type DataFrame,
  type DataQuery,
  type DataSourceSettings,
} from '../../../src/features/datasources/plugins/index.js';
import { freePort, startPrometheus, type PrometheusServer } from '../../helpers/prometheus.js';
import {
  startCheckingProxy,
  startHttpServer,
  startSilentServer,
  timed,
  type Peer,
} from '../../helpers/peers/datasource-peers.js';

/** What the static target serves; every expected value below comes from this text. */
const METRICS = [
  '# TYPE svc_test_temperature gauge',
  'svc_test_temperature{room="kitchen"} 21.5',
  'svc_test_temperature{room="hall"} 19',
  '# TYPE svc_test_latency_seconds histogram',
  'svc_test_latency_seconds_bucket{le="0.1"} 3',
  'svc_test_latency_seconds_bucket{le="0.5"} 5',
  'svc_test_latency_seconds_bucket{le="+Inf"} 6',
  'svc_test_latency_seconds_sum 1.2',
  'svc_test_latency_seconds_count 6',
  '',
].join('\n');

let target: Peer;
let prometheus: PrometheusServer;
let targetInstance: string;

beforeAll(async () => {
  target = await startHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    response.end(METRICS);
  });
  targetInstance = `127.0.0.1:${target.port}`;
  prometheus = await startPrometheus({ staticTargets: [targetInstance] });
}, 60_000);

afterAll(async () => {
  await prometheus?.stop();
  await target?.close();
});

function promDs(overrides: Partial<DataSourceSettings> = {}): DataSourceSettings {
  return {
    uid: 'prom',
    type: 'prometheus',
    name: 'Prometheus',
    url: prometheus.url,
    access: 'proxy',
    jsonData: {},
    secureJsonData: {},
    ...overrides,
  };
}

function query(fields: Partial<DataQuery> & { expr: string }): DataQuery {
  return {
    refId: 'A',
    datasource: { uid: 'prom', type: 'prometheus' },
    intervalMs: 1000,
    maxDataPoints: 100,
    ...fields,
  };
}

/** The last minute, ending now: step 1 s (60 000 ms / 100 points = 600 ms, below the 1 s interval). */
function lastMinute() {
  const now = Date.now();
  return { from: now - 60_000, to: now };
}

const byName = (a: DataFrame, b: DataFrame) => String(a.schema.name).localeCompare(String(b.schema.name));

describe('Prometheus health', () => {
  it('is OK against a real Prometheus, with its build info as details', async () => {
    expect(await checkDataSourceHealth(promDs())).toEqual({
      status: 'OK',
      message: 'Successfully queried the Prometheus API.',
      details: { application: 'Prometheus', features: { rulerApiEnabled: false } },
    });
  });

  it('sends basic auth and custom headers, POST by default and GET when configured', async () => {
    const expectedAuth = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;
    const proxy = await startCheckingProxy(
      prometheus.url,
      (request) =>
        request.headers.authorization === expectedAuth && request.headers['x-scope-orgid'] === 'tenant-1',
    );
    try {
      const ds = promDs({
        url: proxy.url,
        basicAuth: true,
        basicAuthUser: 'alice',
        jsonData: { httpHeaderName1: 'X-Scope-OrgID' },
        secureJsonData: { basicAuthPassword: 's3cret', httpHeaderValue1: 'tenant-1' },
      });
      expect((await checkDataSourceHealth(ds)).status).toBe('OK');
      const post = proxy.requests.find((r) => r.url.startsWith('/api/v1/query'));
      expect(post).toMatchObject({ method: 'POST', url: '/api/v1/query', body: 'query=1%2B1&time=4' });
      expect(post?.headers['content-type']).toBe('application/x-www-form-urlencoded');

      proxy.requests.length = 0;
      const get = await checkDataSourceHealth({ ...ds, jsonData: { ...ds.jsonData, httpMethod: 'GET' } });
      expect(get.status).toBe('OK');
      expect(proxy.requests[0]).toMatchObject({
        method: 'GET',
        url: '/api/v1/query?query=1%2B1&time=4',
        body: '',
      });

      const wrong = await checkDataSourceHealth({
        ...ds,
        secureJsonData: { basicAuthPassword: 'nope', httpHeaderValue1: 'tenant-1' },
      });
      expect(wrong).toEqual({
        status: 'ERROR',
        message:
          'Prometheus answered HTTP 401: unauthorized - There was an error returned querying the Prometheus API.',
      });
      const noHeader = await checkDataSourceHealth({ ...ds, jsonData: {} });
      expect(noHeader.status).toBe('ERROR');
    } finally {
      await proxy.close();
    }
  });

  it('stops reading custom headers at the first gap in the numbering, as Grafana', () => {
    const ds = promDs({
      jsonData: { httpHeaderName1: 'X-One', httpHeaderName3: 'X-Three' },
      secureJsonData: { httpHeaderValue1: '1', httpHeaderValue3: '3' },
    });
    expect(dataSourceHeaders(ds)).toEqual({ 'X-One': '1' });
  });

  it('answers ERROR at once when nothing listens at the URL', async () => {
    const port = await freePort();
    const { result, ms } = await timed(() =>
      checkDataSourceHealth(promDs({ url: `http://127.0.0.1:${port}` })),
    );
    expect(result).toEqual({
      status: 'ERROR',
      message: `Prometheus at http://127.0.0.1:${port} could not be reached: connect ECONNREFUSED 127.0.0.1:${port} - There was an error returned querying the Prometheus API.`,
    });
    expect(ms).toBeLessThan(2_000);
  });

  it('answers ERROR within the timeout when the server accepts but never answers', async () => {
    const silent = await startSilentServer();
    try {
      const { result, ms } = await timed(() =>
        checkDataSourceHealth(promDs({ url: silent.url }), { timeoutMs: 1_000 }),
      );
      expect(result).toEqual({
        status: 'ERROR',
        message:
          'Request to Prometheus timed out after 1 s - There was an error returned querying the Prometheus API.',
      });
      expect(ms).toBeGreaterThanOrEqual(950);
      expect(ms).toBeLessThan(2_500);
    } finally {
      await silent.close();
    }
  });

  it('rejects a URL that is not http(s) without a request', async () => {
    expect(await checkDataSourceHealth(promDs({ url: 'ftp://example' }))).toEqual({
      status: 'ERROR',
      message:
        'The data source URL must start with http:// or https://, got "ftp://example" - There was an error returned querying the Prometheus API.',
    });
  });
});

describe('Prometheus queries', () => {
  it('runs an instant query: one frame per series, named by legendFormat', async () => {
    const range = lastMinute();
    const results = await queryDataSource(
      promDs(),
      [query({ expr: 'svc_test_temperature', instant: true, legendFormat: '{{room}} in {{job}}' })],
      range,
    );
    const result = results.A!;
    expect(result.status).toBe(200);
    expect(result.error).toBeUndefined();
    const frames = [...result.frames].sort(byName);
    expect(frames.map((f) => f.schema.name)).toEqual(['hall in static', 'kitchen in static']);
    const [hall, kitchen] = frames;
    expect(hall!.schema).toEqual({
      refId: 'A',
      name: 'hall in static',
      meta: {
        type: 'timeseries-multi',
        typeVersion: [0, 1],
        custom: { resultType: 'vector' },
        executedQueryString: 'Expr: svc_test_temperature\nStep: 1s',
      },
      fields: [
        { name: 'Time', type: 'time', typeInfo: { frame: 'time.Time' }, config: { interval: 1000 } },
        {
          name: 'Value',
          type: 'number',
          typeInfo: { frame: 'float64' },
          labels: { __name__: 'svc_test_temperature', instance: targetInstance, job: 'static', room: 'hall' },
          config: { displayNameFromDS: 'hall in static' },
        },
      ],
    });
    // an instant query is evaluated at the end of the range
    expect(hall!.data.values).toEqual([[range.to], [19]]);
    expect(kitchen!.data.values).toEqual([[range.to], [21.5]]);
  });

  it('names series by their labels when there is no legend', async () => {
    const results = await queryDataSource(
      promDs(),
      [query({ expr: 'svc_test_temperature{room="hall"}', instant: true })],
      lastMinute(),
    );
    expect(results.A!.frames.map((f) => f.schema.name)).toEqual([
      `svc_test_temperature{instance="${targetInstance}", job="static", room="hall"}`,
    ]);
  });

  it('runs a range query aligned to the step with real samples', async () => {
    const range = lastMinute();
    const results = await queryDataSource(
      promDs(),
      [query({ expr: 'up{job="prometheus"}', range: true })],
      range,
    );
    const frames = results.A!.frames;
    expect(frames).toHaveLength(1);
    const [times, values] = frames[0]!.data.values as [number[], number[]];
    expect(frames[0]!.schema.meta?.custom).toEqual({ resultType: 'matrix' });
    expect(frames[0]!.schema.meta?.executedQueryString).toBe('Expr: up{job="prometheus"}\nStep: 1s');
    // Prometheus started at least 3 s ago and scrapes itself every second.
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(values.every((v) => v === 1)).toBe(true);
    const alignedStart = Math.floor(range.from / 1000) * 1000;
    const alignedEnd = Math.floor(range.to / 1000) * 1000;
    for (const [index, time] of times.entries()) {
      expect(time % 1000).toBe(0);
      expect(time).toBeGreaterThanOrEqual(alignedStart);
      expect(time).toBeLessThanOrEqual(alignedEnd);
      if (index > 0) expect(time - times[index - 1]!).toBe(1000);
    }
    expect(times[times.length - 1]).toBe(alignedEnd);
  });

  it('expands $__rate_interval from the scrape interval (jsonData.timeInterval, else 15 s)', async () => {
    const expr = 'rate(prometheus_http_requests_total{handler="/api/v1/query"}[$__rate_interval])';
    const withScrape = await queryDataSource(
      promDs({ jsonData: { timeInterval: '1s' } }),
      [query({ expr, range: true })],
      lastMinute(),
    );
    expect(withScrape.A!.status).toBe(200);
    // max(1 s interval + 1 s scrape, 4 x 1 s)
    expect(withScrape.A!.frames[0]!.schema.meta?.executedQueryString).toBe(
      'Expr: rate(prometheus_http_requests_total{handler="/api/v1/query"}[4s])\nStep: 1s',
    );
    const defaults = await queryDataSource(promDs(), [query({ expr, range: true })], lastMinute());
    // max(1 s + 15 s, 4 x 15 s) = 60 s, written as Go writes durations; Prometheus accepts it
    expect(defaults.A!.status).toBe(200);
    expect(defaults.A!.frames[0]!.schema.meta?.executedQueryString).toBe(
      'Expr: rate(prometheus_http_requests_total{handler="/api/v1/query"}[1m0s])\nStep: 1s',
    );
  });

  it('uses $__rate_interval as min step: the step itself becomes the rate interval', async () => {
    const run = () =>
      queryDataSource(
        promDs({ jsonData: { timeInterval: '1s' } }),
        [query({ expr: 'up{job="prometheus"}', range: true, interval: '$__rate_interval' })],
        lastMinute(),
      );
    // The last 4 s-aligned step may precede Prometheus' first scrape on a loaded machine: wait for
    // a step that has a sample, so the series (and its field config) exists.
    let results = await run();
    for (let tries = 0; !results.A!.frames[0]?.schema.fields.length && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      results = await run();
    }
    const frame = results.A!.frames[0]!;
    expect(frame.schema.meta?.executedQueryString).toBe('Expr: up{job="prometheus"}\nStep: 4s');
    expect(frame.schema.fields[0]!.config).toEqual({ interval: 4000 });
  });

  it('expands $__interval, $__interval_ms and $__range', async () => {
    const results = await queryDataSource(
      promDs(),
      [
        query({
          expr: 'max_over_time(up{job="prometheus"}[$__interval]) * $__interval_ms / $__range_s',
          instant: true,
        }),
      ],
      lastMinute(),
    );
    const frame = results.A!.frames[0]!;
    expect(frame.schema.meta?.executedQueryString).toBe(
      'Expr: max_over_time(up{job="prometheus"}[1s]) * 1000 / 60\nStep: 1s',
    );
    expect(frame.data.values[1]).toEqual([1000 / 60]);
  });

  it('returns a table: Time, the labels sorted, Value', async () => {
    const results = await queryDataSource(
      promDs(),
      [query({ expr: 'svc_test_temperature', instant: true, format: 'table' })],
      lastMinute(),
    );
    const frame = results.A!.frames[0]!;
    expect(frame.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['Time', 'time'],
      ['__name__', 'string'],
      ['instance', 'string'],
      ['job', 'string'],
      ['room', 'string'],
      ['Value', 'number'],
    ]);
    const [, names, instances, jobs, rooms, values] = frame.data.values;
    expect(names).toEqual(['svc_test_temperature', 'svc_test_temperature']);
    expect(instances).toEqual([targetInstance, targetInstance]);
    expect(jobs).toEqual(['static', 'static']);
    const byRoom = Object.fromEntries((rooms as string[]).map((room, i) => [room, (values as number[])[i]]));
    expect(byRoom).toEqual({ kitchen: 21.5, hall: 19 });
  });

  it('turns cumulative histogram buckets into per-bucket heatmap counts', async () => {
    const results = await queryDataSource(
      promDs(),
      [query({ expr: 'svc_test_latency_seconds_bucket', instant: true, format: 'heatmap' })],
      lastMinute(),
    );
    const frames = results.A!.frames;
    expect(frames).toHaveLength(1);
    expect(frames[0]!.schema.meta?.type).toBe('heatmap-rows');
    expect(frames[0]!.schema.fields.map((f) => f.name)).toEqual(['Time', '0.1', '0.5', '+Inf']);
    // 3 below 0.1, 5 - 3 between 0.1 and 0.5, 6 - 5 above
    expect(frames[0]!.data.values.slice(1)).toEqual([[3], [2], [1]]);
  });

  it('carries NaN as null plus an entities entry', async () => {
    const results = await queryDataSource(promDs(), [query({ expr: '0/0', instant: true })], lastMinute());
    const frame = results.A!.frames[0]!;
    expect(frame.schema.name).toBe('0/0');
    expect(frame.schema.meta?.custom).toEqual({ resultType: 'scalar' });
    expect(frame.data.values[1]).toEqual([null]);
    expect(frame.data.entities).toEqual([null, { NaN: [0] }]);
  });

  it('reports a bad expression as a 400 result with Prometheus’ message, other queries unaffected', async () => {
    const results = await queryDataSource(
      promDs(),
      [query({ expr: 'sum(', instant: true }), query({ refId: 'B', expr: 'vector(2)', instant: true })],
      lastMinute(),
    );
    expect(results.A).toMatchObject({ status: 400, frames: [] });
    expect(results.A!.error).toMatch(/^bad_data: .*parse error/);
    expect(results.B!.status).toBe(200);
    expect(results.B!.frames[0]!.data.values[1]).toEqual([2]);
  });

  it('reports an unreachable server as a 500 result for every query', async () => {
    const port = await freePort();
    const results = await queryDataSource(
      promDs({ url: `http://127.0.0.1:${port}` }),
      [query({ expr: 'up' }), query({ refId: 'B', expr: 'up' })],
      lastMinute(),
    );
    const message = `Prometheus at http://127.0.0.1:${port} could not be reached: connect ECONNREFUSED 127.0.0.1:${port}`;
    expect(results).toEqual({
      A: { status: 500, frames: [], error: message },
      B: { status: 500, frames: [], error: message },
    });
  });

  it('gives up on a silent server after the timeout', async () => {
    const silent = await startSilentServer();
    try {
      const { result, ms } = await timed(() =>
        queryDataSource(promDs({ url: silent.url }), [query({ expr: 'up' })], lastMinute(), {
          timeoutMs: 800,
        }),
      );
      expect(result).toEqual({
        A: { status: 500, frames: [], error: 'Request to Prometheus timed out after 800 ms' },
      });
      expect(ms).toBeLessThan(2_000);
    } finally {
      await silent.close();
    }
  });
});
