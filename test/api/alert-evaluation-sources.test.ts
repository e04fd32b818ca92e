import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createTestDatabase, MYSQL_ADMIN } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';
import { startScrapedGauge, thresholdRule, type ScrapedGauge } from '../helpers/alert-engine.js';
import { startSilentServer } from '../helpers/peers/datasource-peers.js';

// Rules over Debian's Prometheus scraping a target whose value the test sets; the scheduler is
// ticked by hand on a manual clock kept at the real time, so the queries see what was scraped.
// Also: two servers on one database (one evaluator at a time, failover), the rule preview and
// what a caller without access to a folder sees.

const BASE = 10_000;
const METRICS_ON = { metrics: { enabled: 'true' } };
let gauge: ScrapedGauge;

beforeAll(async () => {
  gauge = await startScrapedGauge('svc_test_temperature', 1);
}, 60_000);

afterAll(() => gauge.stop());

/** The next 10 s boundary after the real now, and the clock moved there. */
function nextTick(clock: ManualClock): number {
  const tick = Math.ceil((Date.now() + 1) / BASE) * BASE;
  clock.advance(tick - clock.now());
  return tick;
}

async function folderAndSource(server: TestServer, type: string, url: string, title = 'Rules') {
  const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title } });
  expect(folder.status).toBe(200);
  const ds = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: { name: `${type} ${title}`, type, url, access: 'proxy' },
  });
  expect(ds.status, JSON.stringify(ds.body)).toBe(200);
  return { folderUid: folder.body.uid as string, dsUid: ds.body.datasource.uid as string };
}

async function putGroup(server: TestServer, folderUid: string, rules: unknown[]) {
  const response = await call(server, 'PUT', `/api/v1/provisioning/folder/${folderUid}/rule-groups/g`, {
    as: ADMIN,
    body: {
      title: 'g',
      interval: 10,
      rules: rules.map((r) => ({ ...(r as object), folderUID: folderUid, ruleGroup: 'g' })),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function alertStates(server: TestServer): Promise<string[]> {
  const response = await call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: ADMIN });
  expect(response.status).toBe(200);
  return (response.body.data.alerts as { state: string }[]).map((a) => a.state);
}

function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

const evaluations = async (server: TestServer) =>
  metric(
    await fetch(`${server.url}/metrics`).then((r) => r.text()),
    'svc_alerting_execution_time_milliseconds_count',
  );

describe('alert rules over a real Prometheus', () => {
  it('fires when the scraped value crosses the threshold and resolves when it falls back', async () => {
    const clock = new ManualClock(Date.now());
    const server = await startTestServer({ clock });
    const { folderUid, dsUid } = await folderAndSource(server, 'prometheus', gauge.prometheus.url);
    await putGroup(server, folderUid, [
      thresholdRule(dsUid, { expr: 'svc_test_temperature', instant: true }),
    ]);

    await gauge.set(21);
    await server.alertScheduler.tick(nextTick(clock));
    expect(await alertStates(server)).toEqual(['Normal']);

    await gauge.set(35);
    await server.alertScheduler.tick(nextTick(clock));
    const firing = await call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: ADMIN });
    expect(firing.body.data.alerts[0]).toMatchObject({
      state: 'Alerting',
      labels: { room: 'lab', alertname: 'Too hot', grafana_folder: 'Rules' },
    });
    // Grafana's alert value: every captured refId, as Go's %e
    expect(firing.body.data.alerts[0].value).toBe('A: 3.500000e+01, C: 1.000000e+00');

    await gauge.set(20);
    await server.alertScheduler.tick(nextTick(clock));
    expect(await alertStates(server)).toEqual(['Normal']);
  });

  it('POST /api/v1/eval previews a rule: every refId and which series would fire', async () => {
    const server = await startTestServer();
    const { dsUid } = await folderAndSource(server, 'prometheus', gauge.prometheus.url);
    await gauge.set(40);
    const rule = thresholdRule(dsUid, { expr: 'svc_test_temperature', instant: true });
    const preview = await call(server, 'POST', '/api/v1/eval', {
      as: ADMIN,
      body: { data: rule.data, condition: 'C' },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(Object.keys(preview.body.results).sort()).toEqual(['A', 'C']);
    expect(preview.body.condition.results, JSON.stringify(preview.body)).toHaveLength(1);
    expect(preview.body.condition.results[0].error).toBeUndefined();
    expect(preview.body.condition.results[0]).toMatchObject({
      labels: { room: 'lab' },
      state: 'Alerting',
      value: 1,
    });

    const unknownRef = await call(server, 'POST', '/api/v1/eval', {
      as: ADMIN,
      body: { data: rule.data, condition: 'Z' },
    });
    expect(unknownRef.status).toBe(400);
    expect(unknownRef.body.message).toContain('Z');

    const unknownSource = await call(server, 'POST', '/api/v1/eval', {
      as: ADMIN,
      body: { data: thresholdRule('no-such-uid', { expr: 'up' }).data },
    });
    expect(unknownSource.status).toBe(400);
    expect(unknownSource.body.message).toContain('no-such-uid');
  });
});

describe('alert rules over MySQL', () => {
  it('a SQL table answered by MariaDB: one instance per row, labelled by its string columns', async () => {
    const server = await startTestServer({ clock: new ManualClock(Date.UTC(2026, 0, 1)) });
    const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'SQL' } });
    const ds = await call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: {
        name: 'mariadb',
        type: 'mysql',
        url: `${MYSQL_ADMIN.host}:${MYSQL_ADMIN.port}`,
        user: MYSQL_ADMIN.user,
        access: 'proxy',
        jsonData: { database: 'mysql' },
      },
    });
    expect(ds.status, JSON.stringify(ds.body)).toBe(200);
    const sql = "SELECT 'lab' AS room, 45 AS value UNION ALL SELECT 'hall', 12";
    await putGroup(server, folder.body.uid as string, [
      thresholdRule(ds.body.datasource.uid as string, { format: 'table', rawSql: sql }),
    ]);
    await server.alertScheduler.tick(Date.UTC(2026, 0, 1));
    const alerts = await call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: ADMIN });
    const byRoom = Object.fromEntries(
      (alerts.body.data.alerts as { labels: Record<string, string>; state: string }[]).map((a) => [
        a.labels.room,
        a.state,
      ]),
    );
    expect(byRoom).toEqual({ lab: 'Alerting', hall: 'Normal' });
  });
});

describe('alert rule state and access', () => {
  it('a caller sees only the rules of folders it may read; bad parameters are bad_data', async () => {
    const server = await startTestServer({ clock: new ManualClock(Date.UTC(2026, 0, 1)) });
    const open = await folderAndSource(server, 'testdata', 'http://testdata.invalid', 'Open');
    const closed = await folderAndSource(server, 'testdata', 'http://testdata.invalid', 'Closed');
    const csv = { scenarioId: 'csv_content', csvContent: 'room,value\nlab,50' };
    await putGroup(server, open.folderUid, [thresholdRule(open.dsUid, csv, { title: 'open rule' })]);
    await putGroup(server, closed.folderUid, [thresholdRule(open.dsUid, csv, { title: 'closed rule' })]);
    // Viewers and Editors lose the closed folder
    const permissions = await call(server, 'POST', `/api/folders/${closed.folderUid}/permissions`, {
      as: ADMIN,
      body: { items: [] },
    });
    expect(permissions.status).toBe(200);
    await server.alertScheduler.tick(Date.UTC(2026, 0, 1));

    const viewer = await createUser(server);
    const rules = await call(server, 'GET', '/api/prometheus/grafana/api/v1/rules', { as: viewer.as });
    expect(rules.status).toBe(200);
    const names = (rules.body.data.groups as { rules: { name: string }[] }[]).flatMap((g) =>
      g.rules.map((r) => r.name),
    );
    expect(names).toEqual(['open rule']);
    const alerts = await call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: viewer.as });
    expect(
      (alerts.body.data.alerts as { labels: Record<string, string> }[]).map((a) => a.labels.alertname),
    ).toEqual(['open rule']);
    const adminView = await call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: ADMIN });
    expect(adminView.body.data.alerts).toHaveLength(2);

    const bad = await call(server, 'GET', '/api/prometheus/grafana/api/v1/rules?state=sleepy', { as: ADMIN });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ status: 'error', errorType: 'bad_data', error: "unknown state 'sleepy'" });
    const firingOnly = await call(
      server,
      'GET',
      '/api/prometheus/grafana/api/v1/rules?state=firing&rule_name=open%20rule',
      {
        as: ADMIN,
      },
    );
    expect(firingOnly.body.data.groups).toHaveLength(1);
  });

  it('a data source that hangs delays only its own rule, which ends in Error at the evaluation timeout', async () => {
    const T0 = Date.UTC(2026, 0, 1);
    const silent = await startSilentServer();
    const server = await startTestServer({
      clock: new ManualClock(T0),
      overrides: { unified_alerting: { evaluation_timeout: '2s' } },
    });
    const quick = await folderAndSource(server, 'testdata', 'http://testdata.invalid', 'Quick');
    const stuck = await folderAndSource(server, 'prometheus', silent.url, 'Stuck');
    await putGroup(server, quick.folderUid, [
      thresholdRule(
        quick.dsUid,
        { scenarioId: 'csv_content', csvContent: 'room,value\nlab,50' },
        { title: 'quick' },
      ),
    ]);
    await putGroup(server, stuck.folderUid, [
      thresholdRule(stuck.dsUid, { expr: 'up', instant: true }, { title: 'stuck' }),
    ]);

    const tick = server.alertScheduler.tick(T0);
    // the quick rule's alert shows up while the other rule still waits for its data source
    let quickState: string | undefined;
    for (let attempt = 0; attempt < 50 && quickState === undefined; attempt++) {
      const alerts = await call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: ADMIN });
      quickState = (alerts.body.data.alerts as { labels: Record<string, string>; state: string }[]).find(
        (a) => a.labels.alertname === 'quick',
      )?.state;
      if (quickState === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(quickState).toBe('Alerting');
    await tick;
    const rules = await call(server, 'GET', '/api/prometheus/grafana/api/v1/rules?rule_name=stuck', {
      as: ADMIN,
    });
    const stuckRule = rules.body.data.groups[0].rules[0] as { health: string; lastError: string };
    expect(stuckRule.health).toBe('error');
    expect(stuckRule.lastError, stuckRule.lastError).toMatch(/^evaluation timed out after 2000 ms/);
    await silent.close();
  });

  it('two instances on one database: one evaluates, the other takes over when its lease lapses', async () => {
    const database = await createTestDatabase();
    const T0 = Date.UTC(2026, 0, 1);
    const clocks = [new ManualClock(T0), new ManualClock(T0)];
    const servers = [
      await startTestServer({ clock: clocks[0], database, overrides: METRICS_ON }),
      await startTestServer({ clock: clocks[1], database, overrides: METRICS_ON }),
    ];
    const [a, b] = servers as [TestServer, TestServer];
    const { folderUid, dsUid } = await folderAndSource(a, 'testdata', 'http://testdata.invalid');
    const csv = { scenarioId: 'csv_content', csvContent: 'room,value\nlab,50\nhall,10' };
    await putGroup(a, folderUid, [
      thresholdRule(dsUid, csv, { title: 'one' }),
      thresholdRule(dsUid, csv, { title: 'two' }),
    ]);

    for (let i = 0; i < 3; i++) {
      const tick = T0 + i * BASE;
      for (const clock of clocks) clock.advance(tick - clock.now());
      await Promise.all(servers.map((s) => s.alertScheduler.tick(tick)));
    }
    const counts = await Promise.all(servers.map(evaluations));
    expect(counts.reduce((x, y) => x + y)).toBe(6); // 2 rules × 3 ticks, once each
    expect(counts).toContain(0);
    const leader = counts[0] ? a : b;
    const follower = leader === a ? b : a;
    const followerClock = leader === a ? clocks[1]! : clocks[0]!;

    // the leader goes silent (no release): its lease (renewed at T0+20 s) runs until T0+35 s
    followerClock.advance(T0 + 30_000 - followerClock.now());
    await follower.alertScheduler.tick(T0 + 30_000);
    expect(await evaluations(follower)).toBe(0);
    followerClock.advance(10_000);
    await follower.alertScheduler.tick(T0 + 40_000);
    expect(await evaluations(follower)).toBe(2);

    // the state carried over: each instance fired once, never twice
    const history = await call(follower, 'GET', '/api/v1/rules/history', { as: ADMIN });
    const lines = history.body.data.values[1] as {
      ruleTitle: string;
      previous: string;
      current: string;
      labels: Record<string, string>;
    }[];
    const fired = lines.filter((l) => l.current === 'Alerting').map((l) => `${l.ruleTitle}/${l.labels.room}`);
    expect(fired.sort()).toEqual(['one/lab', 'two/lab']);
    for (const s of servers) await s.shutdown();
    await database.drop();
  });
});
