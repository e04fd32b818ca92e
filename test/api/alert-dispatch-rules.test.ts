import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createTestDatabase } from '../helpers/databases.js';
import { startHttpReceiver, type HttpReceiver } from '../helpers/peers/http-receiver.js';

// Alerts from svc's own rule engine to a webhook: rules over a testdata CSV (rooms and values)
// evaluated every 10 s on a manual clock; the scheduler and the dispatcher are ticked by hand.
// Also: three servers on one database, where only the lease holder sends and the survivor that
// takes over from a silent leader neither repeats nor loses a notification.

const T0 = Date.UTC(2026, 0, 1);
const SEC = 1000;
const BASE = 10 * SEC;

const peers: HttpReceiver[] = [];
afterEach(async () => {
  while (peers.length) await peers.pop()!.close();
});

interface WebhookBody {
  status: string;
  groupKey: string;
  groupLabels: Record<string, string>;
  alerts: { status: string; labels: Record<string, string>; annotations: Record<string, string> }[];
}

const summary = (body: WebhookBody) =>
  `${body.status}: ${body.alerts.map((a) => `${a.labels.alertname}/${a.labels.room}=${a.status}`).join(',')}`;

function rule(dsUid: string, title: string, csv: string, notificationSettings?: Record<string, unknown>) {
  return {
    uid: title.toLowerCase(),
    title,
    condition: 'C',
    for: '0s',
    noDataState: 'OK',
    execErrState: 'Error',
    labels: { team: 'ops' },
    annotations: { summary: '{{ $labels.room }} is hot' },
    ...(notificationSettings ? { notification_settings: notificationSettings } : {}),
    data: [
      {
        refId: 'A',
        relativeTimeRange: { from: 300, to: 0 },
        datasourceUid: dsUid,
        model: { refId: 'A', scenarioId: 'csv_content', csvContent: csv },
      },
      {
        refId: 'C',
        relativeTimeRange: { from: 0, to: 0 },
        datasourceUid: '__expr__',
        model: {
          refId: 'C',
          type: 'threshold',
          expression: 'A',
          conditions: [{ evaluator: { type: 'gt', params: [30] } }],
        },
      },
    ],
  };
}

async function setup(server: TestServer, peer: HttpReceiver, groupBy = ['grafana_folder', 'alertname']) {
  const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Rooms' } });
  expect(folder.status).toBe(200);
  const ds = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: { name: 'testdata', type: 'testdata', url: 'http://testdata.invalid', access: 'proxy' },
  });
  expect(ds.status).toBe(200);
  const cp = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
    as: ADMIN,
    body: { name: 'hook', type: 'webhook', settings: { url: `${peer.url}/hook` } },
  });
  expect(cp.status, JSON.stringify(cp.body)).toBe(202);
  const tree = await call(server, 'PUT', '/api/v1/provisioning/policies', {
    as: ADMIN,
    body: { receiver: 'hook', group_by: groupBy },
  });
  expect(tree.status, JSON.stringify(tree.body)).toBe(202);
  const folderUid = folder.body.uid as string;
  const dsUid = ds.body.datasource.uid as string;
  const putGroup = async (rules: unknown[]) => {
    const response = await call(server, 'PUT', `/api/v1/provisioning/folder/${folderUid}/rule-groups/g`, {
      as: ADMIN,
      body: {
        title: 'g',
        interval: 10,
        rules: rules.map((r) => ({ ...(r as object), folderUID: folderUid, ruleGroup: 'g' })),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  return { dsUid, putGroup };
}

describe('alert rules to contact points', () => {
  it('routes a firing rule through the policies and sends its resolve; notification settings route directly', async () => {
    const clock = new ManualClock(T0);
    const server = await startTestServer({ clock });
    const peer = await startHttpReceiver();
    peers.push(peer);
    const { dsUid, putGroup } = await setup(server, peer);
    await putGroup([
      rule(dsUid, 'Hot', 'room,value\nlab,50\nhall,40\ncellar,10'),
      rule(dsUid, 'Direct', 'room,value\nlab,50', {
        receiver: 'hook',
        group_by: ['room'],
        group_wait: '10s',
      }),
    ]);
    let next = T0;
    const run = async (until: number) => {
      for (; next <= until; next += BASE) {
        clock.advance(next - clock.now());
        await server.alertScheduler.tick(next);
        await server.alertDispatcher.tick(next);
      }
    };
    const updatedAt = async (alertname: string) => {
      const listed = await call(server, 'GET', '/api/alertmanager/svc/api/v2/alerts', { as: ADMIN });
      const found = (listed.body as { labels: Record<string, string>; updatedAt: string }[]).find(
        (a) => a.labels.alertname === alertname && a.labels.room === 'lab',
      );
      return Date.parse(found!.updatedAt) - T0;
    };
    await run(T0 + 20 * SEC);
    // the rule with settings: its own group (room) and group_wait (10 s)
    const direct = peer.requests.map((r) => r.json as WebhookBody);
    expect(direct.map(summary)).toEqual(['firing: Direct/lab=firing']);
    expect(direct[0]!.groupKey).toMatch(
      /^\{\}\/\{__grafana_autogenerated__="true"\}\/\{__grafana_receiver__="hook"\}\/\{__grafana_route_settings_hash__="[0-9a-f]{16}"\}:\{alertname="Direct", grafana_folder="Rooms", room="lab"\}$/,
    );
    await run(T0 + 30 * SEC);
    const all = peer.requests.map((r) => r.json as WebhookBody);
    expect(all.map(summary)).toEqual(['firing: Direct/lab=firing', 'firing: Hot/hall=firing,Hot/lab=firing']);
    expect(all[1]!.groupLabels).toEqual({ alertname: 'Hot', grafana_folder: 'Rooms' });
    expect(all[1]!.alerts[0]!.annotations.summary).toBe('hall is hot');

    // the engine re-sends every 30 s (endsAt 120 s ahead); the row is rewritten only when the
    // stored end has used a quarter of its validity: every other re-send
    expect(await updatedAt('Hot')).toBe(0);
    await run(T0 + 60 * SEC);
    expect(await updatedAt('Hot')).toBe(60 * SEC);
    await run(T0 + 110 * SEC);
    expect(await updatedAt('Hot')).toBe(60 * SEC);

    // re-sent every 30 s by the engine, the alerts are not notified again before the repeat
    await run(T0 + 10 * 60 * SEC);
    expect(peer.requests).toHaveLength(2);

    // the rule cools down: its alerts resolve, one resolved notification at the next flush
    await putGroup([
      rule(dsUid, 'Hot', 'room,value\nlab,10\nhall,10\ncellar,10'),
      rule(dsUid, 'Direct', 'room,value\nlab,50', {
        receiver: 'hook',
        group_by: ['room'],
        group_wait: '10s',
      }),
    ]);
    await run(T0 + 16 * 60 * SEC);
    const later = peer.requests.slice(2).map((r) => summary(r.json as WebhookBody));
    expect(later).toEqual(['resolved: Hot/hall=resolved,Hot/lab=resolved']);

    // the delivery history links each notification to its rule and group, oldest last
    const history = async (query: string) =>
      (
        (await call(server, 'GET', `/api/v1/notifications/history?${query}`, { as: ADMIN })).body as {
          history: { ruleUIDs: string[]; groupKey?: string; alerts: object; status: string }[];
        }
      ).history;
    const hot = await history('ruleUID=hot');
    expect(hot.map((h) => [h.status, h.ruleUIDs, h.alerts])).toEqual([
      ['ok', ['hot'], { firing: 0, resolved: 2 }],
      ['ok', ['hot'], { firing: 2, resolved: 0 }],
    ]);
    const hotKey = (peer.requests[1]!.json as WebhookBody).groupKey;
    expect(hot.map((h) => h.groupKey)).toEqual([hotKey, hotKey]);
    expect((await history(`groupKey=${encodeURIComponent(hotKey)}`)).length).toBe(2);
    expect((await history('ruleUID=direct')).map((h) => h.alerts)).toEqual([{ firing: 1, resolved: 0 }]);
    // LIKE's wildcards in the filter match literally
    expect(await history('ruleUID=h_t')).toEqual([]);
    expect(await history('ruleUID=%25')).toEqual([]);
  });

  it('three servers on one database: only the leader sends; when it dies one survivor takes over and each notification arrives once', async () => {
    const database = await createTestDatabase();
    const clocks = [new ManualClock(T0), new ManualClock(T0), new ManualClock(T0)];
    const servers: TestServer[] = [];
    for (const clock of clocks) servers.push(await startTestServer({ clock, database }));
    const peer = await startHttpReceiver();
    peers.push(peer);
    const { dsUid, putGroup } = await setup(servers[0]!, peer, ['team']);
    await putGroup([rule(dsUid, 'Hot', 'room,value\nlab,50')]);
    const sent = () => peer.requests.map((r) => summary(r.json as WebhookBody));

    const tickAll = async (t: number, which: TestServer[]) => {
      for (const [i, server] of servers.entries()) {
        if (which.includes(server)) clocks[i]!.advance(t - clocks[i]!.now());
      }
      await Promise.all(which.map((s) => s.alertScheduler.tick(t)));
      // in both orders, and concurrently: each would send if it thought it should
      for (const s of which) await s.alertDispatcher.tick(t);
      await Promise.all([...which].reverse().map((s) => s.alertDispatcher.tick(t)));
    };
    for (let t = T0; t <= T0 + 50 * SEC; t += BASE) await tickAll(t, servers);
    expect(sent()).toEqual(['firing: Hot/lab=firing']);
    const leaders = servers.filter((s) => s.alertScheduler.isLeading());
    expect(leaders).toHaveLength(1);
    const survivors = servers.filter((s) => s !== leaders[0]);

    // a second rule of the same group (team=ops) fires at T0 + 60 s: it waits for the group
    // interval (flush at T0 + 330 s)
    await putGroup([rule(dsUid, 'Hot', 'room,value\nlab,50'), rule(dsUid, 'Warm', 'room,value\nhall,45')]);
    for (let t = T0 + 60 * SEC; t <= T0 + 100 * SEC; t += BASE) await tickAll(t, servers);
    expect(sent()).toHaveLength(1);

    // the leader dies (is never ticked again); its lease, renewed at T0 + 100 s, runs out at
    // T0 + 115 s, and one survivor carries on with the group where the leader left it
    for (let t = T0 + 110 * SEC; t <= T0 + 320 * SEC; t += BASE) await tickAll(t, survivors);
    expect(survivors.filter((s) => s.alertScheduler.isLeading())).toHaveLength(1);
    expect(sent()).toHaveLength(1);
    await tickAll(T0 + 330 * SEC, survivors);
    expect(sent()).toEqual(['firing: Hot/lab=firing', 'firing: Hot/lab=firing,Warm/hall=firing']);

    // Hot cools down: the next flush (T0 + 630 s) carries its resolve, once
    await putGroup([rule(dsUid, 'Hot', 'room,value\nlab,10'), rule(dsUid, 'Warm', 'room,value\nhall,45')]);
    for (let t = T0 + 340 * SEC; t <= T0 + 15 * 60 * SEC; t += BASE) await tickAll(t, survivors);
    expect(sent().slice(2)).toEqual(['firing: Hot/lab=resolved,Warm/hall=firing']);

    for (const s of servers) await s.shutdown();
    await database.drop();
  });
});
