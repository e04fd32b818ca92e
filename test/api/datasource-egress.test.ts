import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { startHttpServer, type Peer } from '../helpers/peers/datasource-peers.js';

/** A Prometheus API answer with one sample, as a data source would send it. */
const vector = JSON.stringify({
  status: 'success',
  data: { resultType: 'vector', result: [{ metric: { job: 'peer' }, value: [1700000000, '42'] }] },
});

let backend: Peer;
let redirector: Peer;

beforeAll(async () => {
  backend = await startHttpServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(request.url.includes('/api/v1/') ? vector : '{"ok":true}');
  });
  // /meta → a cloud metadata address; /same → this server's /real path; /other → the backend
  redirector = await startHttpServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path.startsWith('/meta/'))
      return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path.startsWith('/same/'))
      return void response.writeHead(307, { location: path.replace('/same/', '/real/') }).end();
    if (path.startsWith('/other/'))
      return void response
        .writeHead(307, { location: `${backend.url}${path.replace('/other/', '/')}` })
        .end();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(vector);
  });
});

afterAll(async () => {
  await backend?.close();
  await redirector?.close();
});

async function dataSource(server: TestServer, url: string, extra: Record<string, unknown> = {}) {
  const created = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: { name: `ds ${url}`, type: 'prometheus', url, access: 'proxy', ...extra },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return (created.body as { datasource: { uid: string } }).datasource.uid;
}

const instantQuery = (server: TestServer, uid: string) =>
  call(server, 'POST', '/api/ds/query', {
    as: ADMIN,
    body: {
      from: 'now-5m',
      to: 'now',
      queries: [{ refId: 'A', datasource: { uid, type: 'prometheus' }, expr: 'up', instant: true }],
    },
  });

describe('data source egress', () => {
  it('refuses link-local and cloud metadata hosts in the proxy and the health check', async () => {
    const server = await startTestServer();
    for (const url of [
      'http://169.254.169.254/',
      'http://[fd00:ec2::254]/',
      'http://[::ffff:169.254.169.254]:8080/',
      'http://[fe80::1]:9090/',
    ]) {
      const uid = await dataSource(server, url);
      const proxied = await call(server, 'GET', `/api/datasources/proxy/uid/${uid}/latest/meta-data/`, {
        as: ADMIN,
      });
      expect(proxied.status, url).toBe(403);
      expect(proxied.body.message).toMatch(
        /link-local or cloud metadata address.*data_source_proxy_whitelist/,
      );
      const health = await call(server, 'GET', `/api/datasources/uid/${uid}/health`, { as: ADMIN });
      expect(health.status, url).toBe(400);
      expect(health.body.message).toMatch(/link-local or cloud metadata address/);
    }
    // an ordinary loopback back end is reached as before
    const ok = await dataSource(server, backend.url);
    expect((await call(server, 'GET', `/api/datasources/proxy/uid/${ok}/ping`, { as: ADMIN })).status).toBe(
      200,
    );
  });

  it('follows a query’s redirects only to allowed hosts, and not with the credentials to another origin', async () => {
    const server = await startTestServer();
    const auth = { basicAuth: true, basicAuthUser: 'prom', secureJsonData: { basicAuthPassword: 'pw' } };

    const toMetadata = await instantQuery(server, await dataSource(server, `${redirector.url}/meta/`, auth));
    expect(toMetadata.body.results.A.error).toMatch(
      /169\.254\.169\.254 is a link-local or cloud metadata address/,
    );

    const sameOrigin = await instantQuery(server, await dataSource(server, `${redirector.url}/same/`, auth));
    expect(sameOrigin.status, JSON.stringify(sameOrigin.body)).toBe(200);
    expect(sameOrigin.body.results.A.frames[0].data.values[1]).toEqual([42]);
    const followed = redirector.requests.find((r) => r.url.startsWith('/real/api/v1/query'));
    expect(followed?.headers.authorization).toBe(`Basic ${Buffer.from('prom:pw').toString('base64')}`);
    // 307 keeps the method and the body
    expect(followed?.method).toBe('POST');
    expect(followed?.body).toContain('query=up');

    backend.requests.length = 0;
    const otherOrigin = await instantQuery(
      server,
      await dataSource(server, `${redirector.url}/other/`, auth),
    );
    expect(otherOrigin.status).toBe(200);
    expect(otherOrigin.body.results.A.frames[0].data.values[1]).toEqual([42]);
    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('data_source_proxy_whitelist: the proxy reaches only listed hosts, and a listed metadata host is let through', async () => {
    const server = await startTestServer({
      overrides: {
        security: { data_source_proxy_whitelist: `127.0.0.1:${backend.port} 169.254.169.254:80` },
      },
    });
    const listed = await dataSource(server, backend.url);
    expect(
      (await call(server, 'GET', `/api/datasources/proxy/uid/${listed}/ping`, { as: ADMIN })).status,
    ).toBe(200);

    const unlisted = await dataSource(server, redirector.url);
    const refused = await call(server, 'GET', `/api/datasources/proxy/uid/${unlisted}/ping`, { as: ADMIN });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      message: 'Data proxy hostname and ip are not included in whitelist',
    });
    expect(redirector.requests.some((r) => r.url === '/ping')).toBe(false);

    // listed: svc tries to connect; whatever answers there (or the gateway error), it is no refusal
    const metadata = await dataSource(server, 'http://169.254.169.254/', { jsonData: { timeout: 1 } });
    const tried = await call(server, 'GET', `/api/datasources/proxy/uid/${metadata}/latest/`, { as: ADMIN });
    expect(JSON.stringify(tried.body)).not.toMatch(/link-local|whitelist/);
  });
});
