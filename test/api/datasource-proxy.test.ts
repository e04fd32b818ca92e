import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, bearer, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';
import { freePort, startPrometheus, type PrometheusServer } from '../helpers/prometheus.js';
import { startHttpServer, startSilentServer, type Peer } from '../helpers/peers/datasource-peers.js';

let prometheus: PrometheusServer;
let echo: Peer;

beforeAll(async () => {
  prometheus = await startPrometheus({ minSamples: 1 });
  // Answers with what it received, plus a cookie and a header of its own.
  echo = await startHttpServer((request, response) => {
    response.writeHead(request.url.includes('/teapot') ? 418 : 200, {
      'content-type': 'application/json',
      'set-cookie': 'backend_session=leak',
      'x-backend': 'yes',
    });
    response.end(JSON.stringify({ method: request.method, url: request.url, length: request.body.length }));
  });
}, 90_000);

afterAll(async () => {
  await prometheus?.stop();
  await echo?.close();
});

async function createDataSource(server: TestServer, body: Record<string, unknown>, as: Caller = ADMIN) {
  const created = await call(server, 'POST', '/api/datasources', { as, body: { name: 'ds', ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: number; uid: string };
}

describe('/api/datasources/proxy/uid/{uid}/*', () => {
  it('forwards method, path, query and body with the data source auth, without the caller cookies and auth', async () => {
    const server = await startTestServer();
    const ds = await createDataSource(server, {
      type: 'prometheus',
      url: `${echo.url}/base/`,
      basicAuth: true,
      basicAuthUser: 'prom',
      jsonData: { httpHeaderName1: 'X-Scope-OrgID', keepCookies: ['keepme'] },
      secureJsonData: { basicAuthPassword: 'pw', httpHeaderValue1: 'tenant-1' },
    });
    echo.requests.length = 0;
    const response = await call(
      server,
      'POST',
      `/api/datasources/proxy/uid/${ds.uid}/api/v1/query?query=up&x=%2F`,
      {
        as: ADMIN,
        body: { hello: 'world' },
        headers: {
          cookie: 'svc_session=abc; keepme=1; other=2',
          origin: 'http://evil.example',
          'x-custom': 'passed',
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ method: 'POST', url: '/base/api/v1/query?query=up&x=%2F', length: 17 });
    expect(response.headers.get('x-backend')).toBe('yes');
    expect(response.headers.get('set-cookie')).toBeNull();
    const [received] = echo.requests;
    expect(received!.headers.authorization).toBe(`Basic ${Buffer.from('prom:pw').toString('base64')}`);
    expect(received!.headers['x-scope-orgid']).toBe('tenant-1');
    expect(received!.headers.cookie).toBe('keepme=1');
    expect(received!.headers.origin).toBeUndefined();
    expect(received!.headers['x-custom']).toBe('passed');
    expect(received!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(received!.body).toBe('{"hello":"world"}');

    // The back end's own status comes through; any method; bodies bigger than svc's body limit stream.
    const teapot = await call(server, 'DELETE', `/api/datasources/proxy/uid/${ds.uid}/teapot`, { as: ADMIN });
    expect(teapot.status).toBe(418);
    const big = 'x'.repeat(5 * 1024 * 1024);
    const upload = await fetch(`${server.url}/api/datasources/proxy/uid/${ds.uid}/upload`, {
      method: 'PUT',
      headers: { authorization: ADMIN.authorization!, 'content-type': 'text/plain' },
      body: big,
    });
    expect(upload.status).toBe(200);
    expect(await upload.json()).toMatchObject({ method: 'PUT', length: big.length });
    const bare = await call(server, 'GET', `/api/datasources/proxy/uid/${ds.uid}`, { as: ADMIN });
    expect(bare.body.url).toBe('/base/');

    // Headers the Connection header names are hop-by-hop too (undici refuses to send them).
    echo.requests.length = 0;
    await new Promise<void>((resolve, reject) => {
      const sent = httpRequest(
        `${server.url}/api/datasources/proxy/uid/${ds.uid}/hop`,
        { headers: { authorization: ADMIN.authorization!, connection: 'keep-alive, x-hop', 'x-hop': 'no' } },
        (res) => res.resume().on('end', resolve),
      );
      sent.on('error', reject).end();
    });
    expect(echo.requests[0]!.headers['x-hop']).toBeUndefined();
  });

  it('reaches a real Prometheus HTTP API', async () => {
    const server = await startTestServer();
    const ds = await createDataSource(server, { type: 'prometheus', url: prometheus.url });
    const response = await call(server, 'GET', `/api/datasources/proxy/uid/${ds.uid}/api/v1/query?query=up`, {
      as: ADMIN,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'success', data: { resultType: 'vector' } });
    expect(response.body.data.result[0].metric).toMatchObject({ job: 'prometheus' });
  });

  it('refuses direct access data sources, answers 502 when refused and 504 when too slow', async () => {
    const server = await startTestServer({ overrides: { metrics: { enabled: 'true' } } });
    const direct = await createDataSource(server, {
      type: 'prometheus',
      url: prometheus.url,
      access: 'direct',
    });
    const refusedDirect = await call(server, 'GET', `/api/datasources/proxy/uid/${direct.uid}/api/v1/query`, {
      as: ADMIN,
    });
    expect(refusedDirect.status).toBe(400);
    expect(refusedDirect.body.message).toContain('direct');

    const down = await createDataSource(server, {
      name: 'down',
      type: 'prometheus',
      url: `http://127.0.0.1:${await freePort()}`,
    });
    const bad = await call(server, 'GET', `/api/datasources/proxy/uid/${down.uid}/api/v1/query`, {
      as: ADMIN,
    });
    expect(bad.status).toBe(502);
    expect(bad.body.message).toContain('ECONNREFUSED');

    const silent = await startSilentServer();
    try {
      const slow = await createDataSource(server, {
        name: 'slow',
        type: 'prometheus',
        url: silent.url,
        jsonData: { timeout: 1 },
      });
      const started = Date.now();
      const timedOut = await call(server, 'GET', `/api/datasources/proxy/uid/${slow.uid}/api/v1/query`, {
        as: ADMIN,
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(timedOut.status).toBe(504);
      expect(timedOut.body).toEqual({ message: 'Data source did not answer within 1 s' });
    } finally {
      await silent.close();
    }

    const metrics = await call(server, 'GET', '/metrics');
    expect(metrics.body).toMatch(/svc_proxy_response_status_total\{code="502"\} 1/);
    expect(metrics.body).toMatch(/svc_proxy_response_status_total\{code="504"\} 1/);
    expect(metrics.body).toMatch(/svc_api_dataproxy_request_all_milliseconds_count 2/);
  });

  it('401 without credentials, 404 unknown, datasources:query per uid, org isolation', async () => {
    const server = await startTestServer();
    const ds = await createDataSource(server, { type: 'prometheus', url: echo.url });
    const path = `/api/datasources/proxy/uid/${ds.uid}/api/v1/labels`;
    expect((await call(server, 'GET', path)).status).toBe(401);
    const unknown = await call(server, 'GET', '/api/datasources/proxy/uid/nope/x', { as: ADMIN });
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: 'Unable to find datasource', messageId: 'datasource.proxy-not-found' },
    });
    const viewer = await createUser(server, { orgRole: 'Viewer' });
    expect((await call(server, 'GET', path, { as: viewer.as })).status).toBe(200);

    const account = await call(server, 'POST', '/api/serviceaccounts', {
      as: ADMIN,
      body: { name: 'p', role: 'None' },
    });
    const token = await call(server, 'POST', `/api/serviceaccounts/${account.body.id}/tokens`, {
      as: ADMIN,
      body: { name: 't' },
    });
    const denied = await call(server, 'GET', path, { as: bearer(token.body.key as string) });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('Permissions needed: datasources:query');

    const org2 = await createOrg(server);
    expect((await call(server, 'GET', path, { as: inOrg(ADMIN, org2) })).status).toBe(404);
  });

  it('deprecated /proxy/{id}/* reaches the same data source', async () => {
    const server = await startTestServer();
    const ds = await createDataSource(server, { type: 'prometheus', url: `${echo.url}/root` });
    const byId = await call(server, 'GET', `/api/datasources/proxy/${ds.id}/api/v1/labels?x=1`, {
      as: ADMIN,
    });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ method: 'GET', url: '/root/api/v1/labels?x=1' });
    const invalid = await call(server, 'GET', '/api/datasources/proxy/abc/x', { as: ADMIN });
    expect(invalid).toMatchObject({ status: 400, body: { message: 'id is invalid' } });
    const unknown = await call(server, 'GET', '/api/datasources/proxy/99999/x', { as: ADMIN });
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: 'Unable to find datasource', messageId: 'datasource.proxy-not-found' },
    });
  });
});
