import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { GRAFANA_API_VERSION } from '../../src/lib/build-info.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { MYSQL_ADMIN, PG_ADMIN, testDialect } from '../helpers/databases.js';
import { openRawSql } from '../helpers/raw-sql.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

const SPEC_METRICS = [
  'svc_instance_start_total',
  'svc_build_info',
  'svc_environment_info',
  'svc_api_response_status_total',
  'svc_page_response_status_total',
  'svc_proxy_response_status_total',
  'svc_stat_total_dashboards',
  'svc_stat_total_users',
  'svc_stat_total_orgs',
  'svc_stat_totals_datasource',
  'svc_api_dashboard_search_milliseconds',
  'svc_api_dataproxy_request_all_milliseconds',
  'svc_rendering_request_duration_milliseconds',
  'svc_alerting_active_alerts',
  'svc_alerting_result_total',
  'svc_alerting_notification_sent_total',
  'svc_alerting_notification_failed_total',
  'svc_alerting_execution_time_milliseconds',
  'svc_access_evaluation_count',
  'svc_access_evaluation_duration',
  'svc_access_permissions_cache_usage',
];

function get(server: TestServer, path: string, headers: Record<string, string> = {}) {
  return fetch(server.url + path, { headers });
}

/**
 * Makes the server's database unreachable for real: network dialects go through a TCP proxy that
 * is cut; SQLite's connection is closed underneath the server.
 */
async function serverWithBreakableDatabase(clock: ManualClock) {
  const dialect = testDialect();
  if (dialect === 'sqlite3') {
    const server = await startTestServer({ clock, allowServerErrors: true });
    return { server, breakDatabase: () => server.database.close() };
  }
  const admin = dialect === 'postgres' ? PG_ADMIN : MYSQL_ADMIN;
  const proxy = await startTcpProxy(admin.host, admin.port);
  // Migrate through the proxy too: the whole server only knows the proxy's address.
  const server = await startTestServer({
    clock,
    overrides: { database: { host: `127.0.0.1:${proxy.port}` } },
    allowServerErrors: true,
  });
  return { server, breakDatabase: () => proxy.cut() };
}

describe('operational endpoints', () => {
  it('/livez, /readyz and /healthz answer without credentials', async () => {
    const server = await startTestServer();
    const livez = await get(server, '/livez');
    expect(livez.status).toBe(200);
    expect(await livez.text()).toBe('OK');
    const readyz = await get(server, '/readyz');
    expect(readyz.status).toBe(200);
    expect(await readyz.text()).toBe('OK');
    const healthz = await get(server, '/healthz');
    expect(healthz.status).toBe(200);
    expect(await healthz.text()).toBe('Ok');
  });

  it('/readyz is 503 "not ready" before start-up completes and again while shutting down', async () => {
    const server = await startTestServer();
    server.lifecycle.beginShutdown();
    const response = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('not ready');
  });

  it('shutdown lets handlers whose clients hung up finish before it closes the database', async () => {
    const server = await startTestServer();
    const count = 20;
    const uids: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await call(server, 'POST', '/api/folders', {
        as: ADMIN,
        body: { title: `hung up ${i}` },
      });
      expect(created.status).toBe(200);
      uids.push(created.body.uid);
    }
    let received = 0;
    server.app.server.on('request', () => received++);
    // Requests without a body go from their headers straight to the handler (the admin's
    // identity is cached): each handler is running when the server has seen its request.
    const { hostname, port } = new URL(server.url);
    const sockets = uids.map((uid) => {
      const socket = connect(Number(port), hostname);
      socket.write(
        `DELETE /api/folders/${uid} HTTP/1.1\r\nHost: svc\r\nAuthorization: ${ADMIN.authorization}\r\n\r\n`,
      );
      return socket;
    });
    await expect.poll(() => received, { interval: 1 }).toBe(count);
    // The clients leave without their answers and the server stops at once: its HTTP close no
    // longer waits for those sockets, but the database must stay open until the handlers end.
    for (const socket of sockets) socket.destroy();
    await server.shutdown();

    const sql = await openRawSql(server.config);
    try {
      const left = await sql.query(`SELECT uid FROM ${sql.quote('folder')} WHERE title LIKE 'hung up %'`);
      expect(left).toEqual([]);
    } finally {
      await sql.close();
    }
  });

  it('/api/health reports the database, the Grafana API version svc serves and the build commit', async () => {
    const server = await startTestServer();
    const response = await get(server, '/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toContain('\n  "database": "ok"');
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toEqual({
      database: 'ok',
      version: GRAFANA_API_VERSION,
      commit: expect.any(String) as string,
    });
    expect(Object.keys(body)).toEqual(['database', 'version', 'commit']);
    // Clients read it as a Grafana version: a plain semantic version, at least the 9.4 that
    // backup tools and providers need for alerting, and the one the README documents.
    const [major, minor] = GRAFANA_API_VERSION.split('.').map(Number) as [number, number];
    expect(GRAFANA_API_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major > 9 || (major === 9 && minor >= 4)).toBe(true);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`\`version\` is \`${GRAFANA_API_VERSION}\``);
  });

  it("every response carries svc's own version (package.json) in X-Svc-Version", async () => {
    const server = await startTestServer();
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    for (const path of ['/api/health', '/api/org', '/api/does-not-exist', '/livez']) {
      const response = await get(server, path);
      expect(response.headers.get('x-svc-version'), path).toBe(version);
    }
  });

  it('/api/health turns 503 failing when the database is unreachable, after the 5 s cache', async () => {
    const clock = new ManualClock();
    const { server, breakDatabase } = await serverWithBreakableDatabase(clock);
    expect((await get(server, '/api/health')).status).toBe(200);

    await breakDatabase();
    // The healthy result is still cached.
    expect((await get(server, '/api/health')).status).toBe(200);

    clock.advance(5_001);
    const failing = await get(server, '/api/health');
    expect(failing.status).toBe(503);
    const body = (await failing.json()) as Record<string, unknown>;
    expect(body.database).toBe('failing');
    expect(body.version).toEqual(expect.any(String));
  });

  it('never answers 401 or 403 because the database is down', async () => {
    const clock = new ManualClock();
    const { server, breakDatabase } = await serverWithBreakableDatabase(clock);
    await breakDatabase();
    const basicAuth = { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` };
    const response = await get(server, '/api/org', basicAuth);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', password: 'admin' }),
    });
    expect(login.status).toBe(500);
  });

  it('/metrics is off by default', async () => {
    const server = await startTestServer();
    const response = await get(server, '/metrics');
    expect(response.status).toBe(404);
  });

  it('/metrics exposes every metric SPEC names, counts responses and reports totals', async () => {
    const server = await startTestServer({
      overrides: { metrics: { enabled: 'true' }, 'metrics.environment_info': { region: 'eu-1' } },
    });
    await get(server, '/api/health');
    await get(server, '/api/does-not-exist');
    await get(server, '/healthz');
    const response = await get(server, '/metrics');
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const name of SPEC_METRICS) expect(text).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(text).toMatch(/^# TYPE svc_access_evaluation_duration histogram$/m);
    expect(text).toMatch(/^# TYPE svc_api_dashboard_search_milliseconds summary$/m);
    expect(text).toMatch(/^svc_api_response_status_total\{code="200"\} 1$/m);
    expect(text).toMatch(/^svc_api_response_status_total\{code="404"\} 1$/m);
    expect(text).toMatch(/^svc_api_response_status_total\{code="500"\} 0$/m);
    expect(text).toMatch(/^svc_page_response_status_total\{code="200"\} 1$/m);
    expect(text).toMatch(/^svc_instance_start_total 1$/m);
    expect(text).toMatch(/^svc_build_info\{version="[^"]+",revision="[^"]+",branch="[^"]+",edition="oss"/m);
    expect(text).toMatch(/^svc_environment_info\{region="eu-1"\} 1$/m);
    expect(text).toMatch(/^svc_access_permissions_cache_usage\{status="hit"\} 0$/m);
    // the first start created the admin user and Main Org.
    expect(text).toMatch(/^svc_stat_total_users 1$/m);
    expect(text).toMatch(/^svc_stat_total_orgs 1$/m);
  });

  it('svc_stat_* gauges follow the database, refreshed at most every interval_seconds', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({
      clock,
      overrides: { metrics: { enabled: 'true', interval_seconds: '10' } },
    });
    const first = await get(server, '/metrics').then((r) => r.text());
    expect(first).toMatch(/^svc_stat_total_orgs 1$/m);
    expect(first).toMatch(/^svc_stat_total_dashboards 0$/m);
    const saved = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { title: 'Counted' } },
    });
    expect(saved.status).toBe(200);
    const now = clock.now();
    await server.database.db
      .insertInto('org')
      .values({
        name: 'Second',
        version: 0,
        address1: '',
        address2: '',
        city: '',
        state: '',
        zip_code: '',
        country: '',
        created: now,
        updated: now,
      })
      .execute();
    const cached = await get(server, '/metrics').then((r) => r.text());
    expect(cached).toMatch(/^svc_stat_total_orgs 1$/m);
    expect(cached).toMatch(/^svc_stat_total_dashboards 0$/m);
    clock.advance(10_000);
    // Read from the database on scrape: what any instance wrote counts.
    const refreshed = await get(server, '/metrics').then((r) => r.text());
    expect(refreshed).toMatch(/^svc_stat_total_orgs 2$/m);
    expect(refreshed).toMatch(/^svc_stat_total_dashboards 1$/m);
  });

  it('/metrics demands its own Basic credentials when both are configured', async () => {
    const server = await startTestServer({
      overrides: {
        metrics: { enabled: 'true', basic_auth_username: 'scraper', basic_auth_password: 's3cret' },
      },
    });
    const basic = (user: string, pass: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
    });
    const none = await get(server, '/metrics');
    expect(none.status).toBe(401);
    expect(await none.text()).toBe('');
    expect((await get(server, '/metrics', basic('scraper', 'wrong'))).status).toBe(401);
    expect((await get(server, '/metrics', basic('admin', 'admin'))).status).toBe(401);
    const ok = await get(server, '/metrics', basic('scraper', 's3cret'));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('svc_instance_start_total');
  });
});
