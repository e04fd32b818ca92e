import { afterEach, describe, expect, it } from 'vitest';
import {
  checkDataSourceHealth,
  type DataSourceSettings,
} from '../../../src/features/datasources/plugins/index.js';
import { freePort } from '../../helpers/prometheus.js';
import {
  startHttpServer,
  startSilentServer,
  timed,
  type Peer,
} from '../../helpers/peers/datasource-peers.js';

/** Imitates Loki's /loki/api/v1/labels answers (there is no Loki package to run here). */
let loki: Peer | undefined;

afterEach(async () => {
  await loki?.close();
  loki = undefined;
});

function lokiDs(url: string, overrides: Partial<DataSourceSettings> = {}): DataSourceSettings {
  return { uid: 'loki', type: 'loki', name: 'Loki', url, jsonData: {}, secureJsonData: {}, ...overrides };
}

async function fakeLoki(status: number, body: string): Promise<Peer> {
  loki = await startHttpServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  });
  return loki;
}

describe('Loki health', () => {
  it('is OK when Loki lists labels, asking for the last ten minutes with auth', async () => {
    const server = await fakeLoki(200, JSON.stringify({ status: 'success', data: ['job', 'level'] }));
    const before = Date.now();
    const result = await checkDataSourceHealth(
      lokiDs(`${server.url}/`, {
        basicAuth: true,
        basicAuthUser: 'bob',
        jsonData: { httpHeaderName1: 'X-Scope-OrgID' },
        secureJsonData: { basicAuthPassword: 'pw', httpHeaderValue1: 'team-a' },
      }),
    );
    expect(result).toEqual({ status: 'OK', message: 'Data source successfully connected.' });
    const request = server.requests[0]!;
    const url = new URL(request.url, server.url);
    expect(request.method).toBe('GET');
    expect(url.pathname).toBe('/loki/api/v1/labels');
    // Nanoseconds exceed a double's integer precision: compare them exactly as BigInts.
    const start = BigInt(url.searchParams.get('start')!);
    const end = BigInt(url.searchParams.get('end')!);
    // nanoseconds, ten minutes apart, ending now
    expect(end - start).toBe(600_000_000_000n);
    expect(end).toBeGreaterThanOrEqual(BigInt(before) * 1_000_000n);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('bob:pw').toString('base64')}`);
    expect(request.headers['x-scope-orgid']).toBe('team-a');
  });

  it('is an ERROR when Loki answers but has no labels', async () => {
    const server = await fakeLoki(200, JSON.stringify({ status: 'success', data: [] }));
    expect(await checkDataSourceHealth(lokiDs(server.url))).toEqual({
      status: 'ERROR',
      message:
        'Data source connected, but no labels were received. Verify that Loki and Promtail are correctly configured.',
    });
  });

  it('is an ERROR naming the status and reason when Loki fails', async () => {
    const server = await fakeLoki(500, JSON.stringify({ status: 'error', error: 'ingester not ready' }));
    expect(await checkDataSourceHealth(lokiDs(server.url))).toEqual({
      status: 'ERROR',
      message:
        'Unable to connect with Loki: HTTP 500 ingester not ready. Please check the server logs for more details.',
    });
  });

  it('is an ERROR when something else answers', async () => {
    const server = await fakeLoki(200, '<html>hello</html>');
    expect(await checkDataSourceHealth(lokiDs(server.url))).toEqual({
      status: 'ERROR',
      message: 'Unable to connect with Loki: the answer is not a Loki label list.',
    });
  });

  it('is an ERROR at once when nothing listens, and within the timeout when nothing answers', async () => {
    const port = await freePort();
    expect(await checkDataSourceHealth(lokiDs(`http://127.0.0.1:${port}`))).toEqual({
      status: 'ERROR',
      message: `Unable to connect with Loki at http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    });
    const silent = await startSilentServer();
    try {
      const { result, ms } = await timed(() => checkDataSourceHealth(lokiDs(silent.url), { timeoutMs: 700 }));
      expect(result).toEqual({
        status: 'ERROR',
        message: `Unable to connect with Loki at ${silent.url}: the request timed out after 700 ms`,
      });
      expect(ms).toBeLessThan(2_000);
    } finally {
      await silent.close();
    }
  });
});
