import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createTestDatabase, PG_ADMIN, type TestDatabase } from '../helpers/databases.js';

// Rules over a real PostgreSQL table whose rows the test changes between scheduler ticks; the
// scheduler is ticked by hand on a manual clock, so every transition happens at a known time.

const T0 = Date.UTC(2026, 0, 1); // a multiple of the 10 s base interval
const SEC = 1000;

let source: TestDatabase;
let sourceDb: string;
let client: pg.Client;

beforeAll(async () => {
  source = await createTestDatabase('postgres');
  sourceDb = (source.overrides.database as { name: string }).name;
  client = new pg.Client({ ...PG_ADMIN, database: sourceDb });
  await client.connect();
  await client.query('CREATE TABLE metrics (host text PRIMARY KEY, value double precision)');
});

afterAll(async () => {
  await client.end();
  await source.drop();
});

async function setValues(values: Record<string, number>): Promise<void> {
  await client.query('DELETE FROM metrics');
  for (const [host, value] of Object.entries(values)) {
    await client.query('INSERT INTO metrics (host, value) VALUES ($1, $2)', [host, value]);
  }
}

interface RuleOptions {
  title?: string;
  for?: string;
  keepFiringFor?: string;
  noDataState?: string;
  execErrState?: string;
  sql?: string;
}

async function setup(server: TestServer) {
  const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Alerts' } });
  expect(folder.status).toBe(200);
  const ds = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: {
      name: 'metrics',
      type: 'postgres',
      url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
      user: PG_ADMIN.user,
      access: 'proxy',
      jsonData: { database: sourceDb, sslmode: 'disable' },
    },
  });
  expect(ds.status).toBe(200);
  const folderUid = folder.body.uid as string;
  const dsUid = ds.body.datasource.uid as string;

  const rule = (options: RuleOptions = {}) => ({
    title: options.title ?? 'High value',
    condition: 'C',
    for: options.for ?? '0s',
    ...(options.keepFiringFor ? { keep_firing_for: options.keepFiringFor } : {}),
    noDataState: options.noDataState ?? 'NoData',
    execErrState: options.execErrState ?? 'Error',
    labels: { team: 'ops' },
    annotations: { summary: '{{ $labels.host }} is at {{ $values.A }}' },
    data: [
      {
        refId: 'A',
        relativeTimeRange: { from: 600, to: 0 },
        datasourceUid: dsUid,
        model: { refId: 'A', format: 'table', rawSql: options.sql ?? 'SELECT host, value FROM metrics' },
      },
      {
        refId: 'C',
        relativeTimeRange: { from: 0, to: 0 },
        datasourceUid: '__expr__',
        model: {
          refId: 'C',
          type: 'threshold',
          expression: 'A',
          conditions: [{ evaluator: { type: 'gt', params: [5] } }],
        },
      },
    ],
  });

  /** One group, evaluated every 10 s (every tick). */
  async function putGroup(rules: ReturnType<typeof rule>[]) {
    const response = await call(
      server,
      'PUT',
      `/api/v1/provisioning/folder/${folderUid}/rule-groups/group-1`,
      {
        as: ADMIN,
        body: {
          title: 'group-1',
          interval: 10,
          rules: rules.map((r) => ({ ...r, folderUID: folderUid, ruleGroup: 'group-1' })),
        },
      },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rules2 = await call(server, 'GET', `/api/v1/provisioning/folder/${folderUid}/rule-groups/group-1`, {
      as: ADMIN,
    });
    return rules2.body.rules as { uid: string; title: string }[];
  }

  return { folderUid, dsUid, rule, putGroup };
}

interface PromAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: string;
  value: string;
}

async function ruleStates(server: TestServer) {
  const response = await call(server, 'GET', '/api/prometheus/grafana/api/v1/rules', { as: ADMIN });
  expect(response.status).toBe(200);
  expect(response.body.status).toBe('success');
  const rules = (
    response.body.data.groups as {
      rules: { name: string; state: string; health: string; lastError?: string; alerts: PromAlert[] }[];
    }[]
  ).flatMap((g) => g.rules);
  return rules;
}

function alertOf(alerts: PromAlert[], host: string): PromAlert | undefined {
  return alerts.find((a) => a.labels.host === host);
}

describe('alert rule evaluation', () => {
  it('moves through Pending, Alerting and back to Normal as the data changes, with history and metrics', async () => {
    const clock = new ManualClock(T0);
    const server = await startTestServer({ clock, overrides: { metrics: { enabled: 'true' } } });
    const { putGroup, rule } = await setup(server);
    await setValues({ a: 3, b: 7 });
    const [created] = await putGroup([rule({ for: '20s' })]);

    await server.alertScheduler.tick(T0);
    let [state] = await ruleStates(server);
    expect(state!.state).toBe('pending');
    expect(state!.health).toBe('ok');
    expect(alertOf(state!.alerts, 'b')!.state).toBe('Pending');
    expect(alertOf(state!.alerts, 'a')!.state).toBe('Normal');
    // labels: series labels + rule labels + alertname + grafana_folder
    expect(alertOf(state!.alerts, 'b')!.labels).toMatchObject({
      host: 'b',
      team: 'ops',
      alertname: 'High value',
      grafana_folder: 'Alerts',
    });

    clock.advance(10 * SEC);
    await server.alertScheduler.tick(T0 + 10 * SEC);
    [state] = await ruleStates(server);
    expect(alertOf(state!.alerts, 'b')!.state).toBe('Pending');

    clock.advance(10 * SEC);
    await server.alertScheduler.tick(T0 + 20 * SEC);
    [state] = await ruleStates(server);
    expect(state!.state).toBe('firing');
    const firing = alertOf(state!.alerts, 'b')!;
    expect(firing.state).toBe('Alerting');
    expect(firing.annotations.summary).toBe('b is at 7');

    const alerts = await call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: ADMIN });
    expect(alerts.status).toBe(200);
    expect((alerts.body.data.alerts as PromAlert[])[0]!.state).toBe('Alerting');

    await setValues({ a: 3, b: 1 });
    clock.advance(10 * SEC);
    await server.alertScheduler.tick(T0 + 30 * SEC);
    [state] = await ruleStates(server);
    expect(state!.state).toBe('inactive');
    expect(alertOf(state!.alerts, 'b')!.state).toBe('Normal');

    const history = await call(server, 'GET', `/api/v1/rules/history?ruleUID=${created!.uid}&labels_host=b`, {
      as: ADMIN,
    });
    expect(history.status).toBe(200);
    const lines = (history.body.data.values[1] as { previous: string; current: string }[]).map(
      (l) => `${l.previous} -> ${l.current}`,
    );
    expect(lines).toEqual(['Normal -> Pending', 'Pending -> Alerting', 'Alerting -> Normal']);
    const times = history.body.data.values[0] as number[];
    expect(times).toEqual([T0, T0 + 20 * SEC, T0 + 30 * SEC]);

    const metrics = await fetch(`${server.url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/svc_alerting_result_total\{state="alerting"\} 1\b/);
    expect(metrics).toMatch(/svc_alerting_result_total\{state="pending"\} 2\b/);
    expect(metrics).toMatch(/svc_alerting_execution_time_milliseconds_count 4\b/);
  });

  it('NoData and Error follow the rule options', async () => {
    const clock = new ManualClock(T0);
    const server = await startTestServer({ clock });
    const { putGroup, rule } = await setup(server);
    await setValues({});
    await putGroup([
      rule({ title: 'no data kept', noDataState: 'NoData' }),
      rule({ title: 'no data ok', noDataState: 'OK' }),
      rule({ title: 'no data alerting', noDataState: 'Alerting' }),
      rule({ title: 'broken', sql: 'SELECT host, value FROM missing_table' }),
      rule({
        title: 'broken alerting',
        sql: 'SELECT host, value FROM missing_table',
        execErrState: 'Alerting',
      }),
    ]);
    await server.alertScheduler.tick(T0);
    const states = new Map((await ruleStates(server)).map((r) => [r.name, r]));
    expect(states.get('no data kept')!.health).toBe('nodata');
    expect(states.get('no data kept')!.alerts[0]!.state).toBe('NoData');
    expect(states.get('no data ok')!.alerts[0]!.state).toBe('Normal (NoData)');
    expect(states.get('no data alerting')!.alerts[0]!.state).toBe('Alerting (NoData)');
    expect(states.get('broken')!.health).toBe('error');
    expect(states.get('broken')!.lastError).toContain('missing_table');
    expect(states.get('broken')!.alerts[0]!.state).toBe('Error');
    expect(states.get('broken alerting')!.alerts[0]!.state).toBe('Alerting (Error)');
  });

  it('a restart in the middle of a Pending period resumes it', async () => {
    const database = await createTestDatabase();
    const first = await startTestServer({ clock: new ManualClock(T0), database });
    const { putGroup, rule } = await setup(first);
    await setValues({ b: 9 });
    await putGroup([rule({ for: '30s' })]);
    await first.alertScheduler.tick(T0);
    expect(alertOf((await ruleStates(first))[0]!.alerts, 'b')!.state).toBe('Pending');
    await first.shutdown();

    // 30 s after the first evaluation: a fresh process must fire, not start the pending period over
    const second = await startTestServer({ clock: new ManualClock(T0 + 30 * SEC), database });
    expect(alertOf((await ruleStates(second))[0]!.alerts, 'b')!.state).toBe('Pending');
    await second.alertScheduler.tick(T0 + 30 * SEC);
    expect(alertOf((await ruleStates(second))[0]!.alerts, 'b')!.state).toBe('Alerting');
    await second.shutdown();
    await database.drop();
  });

  it('paused rules are not evaluated; a paused firing rule resolves', async () => {
    const clock = new ManualClock(T0);
    const server = await startTestServer({ clock });
    const { putGroup, rule } = await setup(server);
    await setValues({ b: 9 });
    const [created] = await putGroup([rule()]);
    await server.alertScheduler.tick(T0);
    expect(alertOf((await ruleStates(server))[0]!.alerts, 'b')!.state).toBe('Alerting');
    await putGroup([{ ...rule(), uid: created!.uid, isPaused: true } as ReturnType<typeof rule>]);
    clock.advance(10 * SEC);
    await server.alertScheduler.tick(T0 + 10 * SEC);
    const [paused] = await ruleStates(server);
    expect(paused!.alerts).toEqual([]);
    expect(paused!.state).toBe('inactive');
  });
});
