import { beforeAll, describe, expect, it } from 'vitest';
import { createResourcePermissions } from '../../src/features/rbac/resource-permissions.service.js';
import { createRbacStore } from '../../src/features/rbac/rbac.store.js';
import { systemClock } from '../../src/lib/clock.js';
import type { RunningServer } from '../../src/server.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, bearer, call, type Caller } from '../helpers/client.js';
import { createTestDatabase, MYSQL_ADMIN, PG_ADMIN } from '../helpers/databases.js';
import { createOrg, inOrg } from '../helpers/factories.js';
import { freePort, type PrometheusServer } from '../helpers/prometheus.js';
import { useSvcWithPrometheus } from '../helpers/svc-with-prometheus.js';
import { startCheckingProxy, startSilentServer } from '../helpers/peers/datasource-peers.js';

// One svc (metrics on) and one real Prometheus scraping it, shared by the tests of this file.
const fixture = useSvcWithPrometheus();
let svc: RunningServer;
let server: TestServer;
let prometheus: PrometheusServer;
beforeAll(() => {
  ({ svc, server, prometheus } = fixture);
});
const createDataSource = (body: Record<string, unknown>, as?: Caller) => fixture.createDataSource(body, as);

const health = (uid: string, as: Caller = ADMIN) =>
  call(server, 'GET', `/api/datasources/uid/${uid}/health`, { as });

let accounts = 0;
/** A service account without a basic role, granted `datasources:query` on the given uids only. */
async function queryOnlyCaller(uids: string[]): Promise<Caller> {
  const account = await call(server, 'POST', '/api/serviceaccounts', {
    as: ADMIN,
    body: { name: `sa-${++accounts}`, role: 'None' },
  });
  expect(account.status).toBe(201);
  const token = await call(server, 'POST', `/api/serviceaccounts/${account.body.id}/tokens`, {
    as: ADMIN,
    body: { name: 't' },
  });
  const permissions = createResourcePermissions({
    store: createRbacStore(svc.database.db),
    clock: systemClock,
  });
  for (const uid of uids) {
    await permissions.set(1, 'datasources', uid, { kind: 'user', id: account.body.id as number }, 'Query');
  }
  return bearer(token.body.key as string);
}

describe('GET /api/datasources/uid/{uid}/health', () => {
  it('Prometheus: OK from the real server, 200', async () => {
    const ds = await createDataSource({ type: 'prometheus', url: prometheus.url });
    const response = await health(ds.uid);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'OK',
      message: 'Successfully queried the Prometheus API.',
    });
    const post = await call(server, 'POST', `/api/datasources/uid/${ds.uid}/health`, { as: ADMIN });
    expect(post.status).toBe(200);
  });

  it('Prometheus behind an auth gateway: basic auth and custom headers from the stored secrets', async () => {
    const expected = `Basic ${Buffer.from('prom:s3cret').toString('base64')}`;
    const gateway = await startCheckingProxy(
      prometheus.url,
      (request) =>
        request.headers.authorization === expected && request.headers['x-scope-orgid'] === 'tenant-7',
    );
    try {
      const good = await createDataSource({
        type: 'prometheus',
        url: gateway.url,
        basicAuth: true,
        basicAuthUser: 'prom',
        jsonData: { httpHeaderName1: 'X-Scope-OrgID' },
        secureJsonData: { basicAuthPassword: 's3cret', httpHeaderValue1: 'tenant-7' },
      });
      expect((await health(good.uid)).body).toMatchObject({ status: 'OK' });
      const bad = await createDataSource({
        type: 'prometheus',
        url: gateway.url,
        basicAuth: true,
        basicAuthUser: 'prom',
        secureJsonData: { basicAuthPassword: 'wrong' },
      });
      const response = await health(bad.uid);
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('ERROR');
      expect(response.body.message).toContain('There was an error returned querying the Prometheus API.');
    } finally {
      await gateway.close();
    }
  });

  it('unreachable and silent back ends answer ERROR with 400 within a bounded time', async () => {
    const refused = await createDataSource({
      type: 'prometheus',
      url: `http://127.0.0.1:${await freePort()}`,
    });
    const refusedResponse = await health(refused.uid);
    expect(refusedResponse.status).toBe(400);
    expect(refusedResponse.body.status).toBe('ERROR');

    const silent = await startSilentServer();
    try {
      for (const body of [
        { type: 'prometheus', url: silent.url, jsonData: { timeout: 1 } },
        {
          type: 'postgres',
          url: `127.0.0.1:${silent.port}`,
          user: 'x',
          jsonData: { timeout: '1', sslmode: 'disable' },
        },
        { type: 'mysql', url: `127.0.0.1:${silent.port}`, user: 'x', jsonData: { timeout: 1 } },
      ]) {
        const ds = await createDataSource(body);
        const started = Date.now();
        const response = await health(ds.uid);
        expect(Date.now() - started, body.type).toBeLessThan(5_000);
        expect(response.status, body.type).toBe(400);
        expect(response.body.status, body.type).toBe('ERROR');
      }
    } finally {
      await silent.close();
    }
  });

  it('PostgreSQL and MariaDB of the machine with stored credentials', async () => {
    const pg = await createDataSource({
      type: 'postgres',
      url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
      user: PG_ADMIN.user,
      jsonData: { database: 'postgres', sslmode: 'disable' },
      secureJsonData: { password: PG_ADMIN.password },
    });
    expect(await health(pg.uid)).toMatchObject({ status: 200, body: { status: 'OK' } });
    const mysql = await createDataSource({
      type: 'mysql',
      url: `${MYSQL_ADMIN.host}:${MYSQL_ADMIN.port}`,
      user: MYSQL_ADMIN.user,
      jsonData: { database: 'mysql' },
    });
    expect(await health(mysql.uid)).toMatchObject({ status: 200, body: { status: 'OK' } });
    const wrongDb = await createDataSource({
      type: 'mysql',
      url: `${MYSQL_ADMIN.host}:${MYSQL_ADMIN.port}`,
      user: MYSQL_ADMIN.user,
      jsonData: { database: 'svc_no_such_database' },
    });
    expect(await health(wrongDb.uid)).toMatchObject({ status: 400, body: { status: 'ERROR' } });
  });

  it('testdata is OK; a type without a check is UNKNOWN with 400', async () => {
    const testdata = await createDataSource({ type: 'testdata', url: '' });
    expect(await health(testdata.uid)).toMatchObject({ status: 200, body: { status: 'OK' } });
    const byId = await call(server, 'GET', `/api/datasources/${testdata.id}/health`, { as: ADMIN });
    expect(byId).toMatchObject({ status: 200, body: { status: 'OK' } });
    const graphite = await createDataSource({ type: 'graphite', url: 'http://127.0.0.1:1' });
    const response = await health(graphite.uid);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 'UNKNOWN', message: expect.stringContaining('graphite') });
  });

  it('401, 404, invalid uid, org isolation and datasources:query per uid', async () => {
    const ds = await createDataSource({ type: 'testdata', url: '' });
    const other = await createDataSource({ type: 'testdata', url: '' });
    expect((await call(server, 'GET', `/api/datasources/uid/${ds.uid}/health`)).status).toBe(401);
    expect(await health('nope')).toMatchObject({
      status: 404,
      body: { message: 'Data source not found', messageId: 'datasource.not-found' },
    });
    expect(await health('bad%20uid')).toMatchObject({
      status: 400,
      body: { message: 'UID is invalid', messageId: 'datasource.invalid-uid' },
    });

    const caller = await queryOnlyCaller([ds.uid]);
    expect((await health(ds.uid, caller)).status).toBe(200);
    const denied = await health(other.uid, caller);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('Permissions needed: datasources:query');

    const org2 = await createOrg(server);
    expect((await health(ds.uid, inOrg(ADMIN, org2))).status).toBe(404);
  });
});

describe('a changed secret_key', () => {
  it('is reported as a clear error when a stored secret is needed, not garbage', async () => {
    const shared = await createTestDatabase();
    try {
      const one = await startTestServer({
        database: shared,
        overrides: { security: { secret_key: 'key-one' } },
      });
      const created = await call(one, 'POST', '/api/datasources', {
        as: ADMIN,
        body: { name: 'S', type: 'testdata', url: '', secureJsonData: { token: 'secret' } },
      });
      expect(created.status).toBe(200);
      const two = await startTestServer({
        database: shared,
        overrides: { security: { secret_key: 'key-two' } },
      });
      const response = await call(two, 'GET', `/api/datasources/uid/${created.body.uid}/health`, {
        as: ADMIN,
      });
      expect(response.status).toBe(500);
      expect(response.body.message).toContain('secret_key has changed');
      expect((await call(two, 'GET', `/api/datasources/uid/${created.body.uid}`, { as: ADMIN })).status).toBe(
        200,
      );
      await one.shutdown();
      await two.shutdown();
    } finally {
      await shared.drop();
    }
  });
});
