import { beforeAll, describe, expect, it } from 'vitest';
import { createResourcePermissions } from '../../src/features/rbac/resource-permissions.service.js';
import { createRbacStore } from '../../src/features/rbac/rbac.store.js';
import { systemClock } from '../../src/lib/clock.js';
import type { RunningServer } from '../../src/server.js';
import type { TestServer } from '../helpers/app.js';
import { ADMIN, bearer, call, type Caller } from '../helpers/client.js';
import { MYSQL_ADMIN, PG_ADMIN } from '../helpers/databases.js';
import { createOrg, inOrg } from '../helpers/factories.js';
import { freePort, type PrometheusServer } from '../helpers/prometheus.js';
import { useSvcWithPrometheus } from '../helpers/svc-with-prometheus.js';
import { startSilentServer } from '../helpers/peers/datasource-peers.js';

// One svc (metrics on) and one real Prometheus scraping its /metrics, shared by this file's tests.
const fixture = useSvcWithPrometheus();
let svc: RunningServer;
let server: TestServer;
let prometheus: PrometheusServer;
beforeAll(() => {
  ({ svc, server, prometheus } = fixture);
});
const createDataSource = (body: Record<string, unknown>, as?: Caller) => fixture.createDataSource(body, as);

const query = (body: unknown, as: Caller = ADMIN) => call(server, 'POST', '/api/ds/query', { as, body });

interface Frame {
  schema: { refId?: string; fields: { name: string; labels?: Record<string, string> }[] };
  data: { values: unknown[][] };
}

describe('POST /api/ds/query', () => {
  it('Prometheus: range and instant queries over what Prometheus scraped from svc itself', async () => {
    const prom = await createDataSource({ type: 'prometheus', url: prometheus.url });
    const ds = { uid: prom.uid, type: 'prometheus' };
    // The data source count is one of svc's own metrics; wait until a scrape has seen it.
    let value = 0;
    for (let attempt = 0; attempt < 40 && value < 1; attempt++) {
      const instant = await query({
        from: 'now-5m',
        to: 'now',
        queries: [
          {
            refId: 'A',
            datasource: ds,
            expr: 'svc_stat_totals_datasource{plugin_id="prometheus"}',
            instant: true,
          },
        ],
      });
      expect(instant.status).toBe(200);
      const frame = (instant.body.results.A.frames as Frame[])[0];
      value = Number(frame?.data.values[1]?.[0] ?? 0);
      if (value < 1) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(value).toBeGreaterThanOrEqual(1);

    const range = await query({
      from: 'now-2m',
      to: 'now',
      queries: [
        {
          refId: 'A',
          datasource: ds,
          expr: 'up{job="static"}',
          range: true,
          intervalMs: 1000,
          maxDataPoints: 100,
        },
        {
          refId: 'B',
          datasource: ds,
          expr: 'rate(svc_api_response_status_total[$__rate_interval])',
          range: true,
        },
      ],
    });
    expect(range.status).toBe(200);
    const [up] = range.body.results.A.frames as Frame[];
    expect(up!.schema.refId).toBe('A');
    expect(up!.schema.fields[1]!.labels).toMatchObject({ job: 'static', instance: new URL(svc.url).host });
    // up is 1 per successful scrape (0 when a scrape of a busy svc timed out): samples, all 0 or 1
    const ups = up!.data.values[1]!;
    expect(ups).toContain(1);
    expect(ups.every((v) => v === 0 || v === 1)).toBe(true);
    expect(range.body.results.B.status).toBe(200);
  });

  it('Prometheus: the data source query timeout reaches Prometheus as `timeout`', async () => {
    const instant = (uid: string) =>
      query({
        from: 'now-5m',
        to: 'now',
        queries: [
          { refId: 'A', datasource: { uid, type: 'prometheus' }, expr: 'up', instant: true, range: true },
        ],
      });
    const valid = await createDataSource({
      type: 'prometheus',
      url: prometheus.url,
      jsonData: { queryTimeout: '30s' },
    });
    const ok = await instant(valid.uid);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.results.A.status).toBe(200);
    // Prometheus itself refuses a timeout it cannot parse: proof that the setting is sent.
    const bad = await createDataSource({
      type: 'prometheus',
      url: prometheus.url,
      jsonData: { queryTimeout: 'soon' },
    });
    const refused = await instant(bad.uid);
    expect(refused.body.results.A.status).toBe(400);
    expect(refused.body.results.A.error).toContain('timeout');
  });

  it('testdata, PostgreSQL and MariaDB in one request; 207 when one query fails', async () => {
    const testdata = await createDataSource({ type: 'testdata', url: '' });
    const pg = await createDataSource({
      type: 'postgres',
      url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
      user: PG_ADMIN.user,
      jsonData: { database: 'postgres', sslmode: 'disable' },
    });
    const mysql = await createDataSource({
      type: 'mysql',
      url: `${MYSQL_ADMIN.host}:${MYSQL_ADMIN.port}`,
      user: MYSQL_ADMIN.user,
      jsonData: { database: 'mysql' },
    });
    const ok = await query({
      from: '1700000000000',
      to: '1700003600000',
      queries: [
        {
          refId: 'T',
          datasource: { uid: testdata.uid },
          scenarioId: 'csv_content',
          csvContent: 'a,b\n1,2\n3,4',
        },
        { refId: 'P', datasource: { uid: pg.uid }, rawSql: 'SELECT 42 AS answer', format: 'table' },
        {
          refId: 'M',
          datasource: { uid: mysql.uid },
          rawSql: 'SELECT $__timeFrom() AS time, 7 AS value',
          format: 'table',
        },
      ],
    });
    expect(ok.status).toBe(200);
    expect((ok.body.results.T.frames as Frame[])[0]!.data.values).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect((ok.body.results.P.frames as Frame[])[0]!.data.values).toEqual([[42]]);
    const m = (ok.body.results.M.frames as Frame[])[0]!;
    expect(m.schema.fields.map((f) => f.name)).toEqual(['time', 'value']);
    expect(m.data.values[1]).toEqual([7]);

    const partial = await query({
      from: 'now-1h',
      to: 'now',
      queries: [
        { refId: 'A', datasource: { uid: pg.uid }, rawSql: 'SELECT 1 AS one', format: 'table' },
        {
          refId: 'B',
          datasource: { uid: pg.uid },
          rawSql: 'SELECT * FROM svc_no_such_table',
          format: 'table',
        },
      ],
    });
    expect(partial.status).toBe(207);
    expect(partial.body.results.A.status).toBe(200);
    expect(partial.body.results.B).toMatchObject({
      status: expect.any(Number),
      error: expect.stringContaining('svc_no_such_table'),
    });
  });

  it('an unreachable back end fails its queries, a slow one within its timeout', async () => {
    const refused = await createDataSource({
      type: 'prometheus',
      url: `http://127.0.0.1:${await freePort()}`,
    });
    const response = await query({
      from: 'now-5m',
      to: 'now',
      queries: [{ refId: 'A', datasource: { uid: refused.uid }, expr: 'up' }],
    });
    expect(response.status).toBe(207);
    expect(response.body.results.A.error).toBeTruthy();

    const silent = await startSilentServer();
    try {
      const slow = await createDataSource({ type: 'prometheus', url: silent.url, jsonData: { timeout: 1 } });
      const started = Date.now();
      const timedOut = await query({
        from: 'now-5m',
        to: 'now',
        queries: [{ refId: 'A', datasource: { uid: slow.uid }, expr: 'up' }],
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(timedOut.status).toBe(207);
      expect(timedOut.body.results.A.error).toContain('timed out');
    } finally {
      await silent.close();
    }
  });

  it('400 on a bad request, 404 unknown data source, deprecated datasourceId, 401, 403 per uid, org isolation', async () => {
    const a = await createDataSource({ type: 'testdata', url: '' });
    const b = await createDataSource({ type: 'testdata', url: '' });
    const csv = { scenarioId: 'csv_content', csvContent: 'x\n1' };
    expect(await query({ from: 'now-1h', to: 'now', queries: [] })).toMatchObject({
      status: 400,
      body: { message: 'No queries found in query' },
    });
    expect(
      (
        await query({
          from: 'yesterday-ish',
          to: 'now',
          queries: [{ refId: 'A', datasource: { uid: a.uid } }],
        })
      ).status,
    ).toBe(400);
    expect(
      await query({ from: 'now-1h', to: 'now', queries: [{ refId: 'A', datasource: { uid: 'nope' } }] }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Data source not found', messageId: 'datasource.not-found' },
    });
    const byId = await query({
      from: 'now-1h',
      to: 'now',
      queries: [{ refId: 'A', datasourceId: a.id, ...csv }],
    });
    expect(byId.status).toBe(200);
    expect((byId.body.results.A.frames as Frame[])[0]!.data.values).toEqual([[1]]);
    expect((await call(server, 'POST', '/api/ds/query', { body: { queries: [] } })).status).toBe(401);

    const account = await call(server, 'POST', '/api/serviceaccounts', {
      as: ADMIN,
      body: { name: 'q', role: 'None' },
    });
    const token = await call(server, 'POST', `/api/serviceaccounts/${account.body.id}/tokens`, {
      as: ADMIN,
      body: { name: 't' },
    });
    const caller = bearer(token.body.key as string);
    const noGrant = await query(
      { from: 'now-1h', to: 'now', queries: [{ refId: 'A', datasource: { uid: a.uid }, ...csv }] },
      caller,
    );
    expect(noGrant.status).toBe(403);
    expect(noGrant.body.message).toContain('Permissions needed: datasources:query');
    await createResourcePermissions({ store: createRbacStore(svc.database.db), clock: systemClock }).set(
      1,
      'datasources',
      a.uid,
      { kind: 'user', id: account.body.id as number },
      'Query',
    );
    const allowed = await query(
      { from: 'now-1h', to: 'now', queries: [{ refId: 'A', datasource: { uid: a.uid }, ...csv }] },
      caller,
    );
    expect(allowed.status).toBe(200);
    const denied = await query(
      {
        from: 'now-1h',
        to: 'now',
        queries: [
          { refId: 'A', datasource: { uid: a.uid }, ...csv },
          { refId: 'B', datasource: { uid: b.uid }, ...csv },
        ],
      },
      caller,
    );
    expect(denied).toMatchObject({
      status: 403,
      body: { message: 'Access denied to data source', messageId: 'query.access-denied' },
    });

    const org2 = await createOrg(server);
    const other = await query(
      { from: 'now-1h', to: 'now', queries: [{ refId: 'A', datasource: { uid: a.uid }, ...csv }] },
      inOrg(ADMIN, org2),
    );
    expect(other.status).toBe(404);
  });
});
