import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import {
  startHttpReceiver,
  type CapturedRequest,
  type HttpReceiver,
} from '../helpers/peers/http-receiver.js';

// The dispatcher on a manual clock: alerts are POSTed to the Alertmanager API (or come from a
// rule), `alertDispatcher.tick` is driven second by second, and a real webhook on loopback
// records what is sent. Timings are Alertmanager's defaults unless a test sets them.

const T0 = Date.UTC(2026, 0, 1);
const SEC = 1000;
const MIN = 60 * SEC;
const ALERTS = '/api/alertmanager/svc/api/v2/alerts';

const peers: HttpReceiver[] = [];
afterEach(async () => {
  while (peers.length) await peers.pop()!.close();
});

async function webhookPeer(): Promise<HttpReceiver> {
  const peer = await startHttpReceiver();
  peers.push(peer);
  return peer;
}

async function contactPoint(
  server: TestServer,
  name: string,
  url: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
    as: ADMIN,
    body: { name, type: 'webhook', settings: { url }, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
}

async function policies(server: TestServer, tree: Record<string, unknown>) {
  const res = await call(server, 'PUT', '/api/v1/provisioning/policies', { as: ADMIN, body: tree });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
}

async function postAlerts(server: TestServer, alerts: Record<string, unknown>[]) {
  const res = await call(server, 'POST', ALERTS, { as: ADMIN, body: alerts });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A server on a manual clock that leads (its scheduler took the lease at T0). */
async function leader(options: Parameters<typeof startTestServer>[0] = {}) {
  const clock = new ManualClock(T0);
  const server = await startTestServer({ clock, ...options });
  await server.alertScheduler.tick(T0);
  /** moves the clock to `at` and runs one dispatch round */
  const at = async (time: number) => {
    clock.advance(time - clock.now());
    await server.alertDispatcher.tick(time);
  };
  return { server, clock, at };
}

interface WebhookBody {
  status: string;
  groupKey: string;
  groupLabels: Record<string, string>;
  alerts: { status: string; labels: Record<string, string> }[];
}

const bodies = (peer: HttpReceiver, path?: string): WebhookBody[] =>
  peer.requests.filter((r: CapturedRequest) => !path || r.path === path).map((r) => r.json as WebhookBody);

const summary = (body: WebhookBody) =>
  `${body.status}: ${body.alerts.map((a) => `${a.labels.instance ?? a.labels.alertname}=${a.status}`).join(',')}`;

describe('alert dispatch', () => {
  it('waits group_wait, batches by group_interval, repeats after repeat_interval, then sends the resolve once', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    await policies(server, {
      receiver: 'hook',
      group_by: ['alertname'],
      group_wait: '30s',
      group_interval: '5m',
      repeat_interval: '15m',
    });
    const until = iso(T0 + 24 * 60 * MIN);
    await postAlerts(server, [
      { labels: { alertname: 'Disk', instance: 'a' }, startsAt: iso(T0), endsAt: until },
    ]);

    await at(T0);
    await at(T0 + 29 * SEC);
    expect(peer.requests).toHaveLength(0);
    await at(T0 + 30 * SEC);
    expect(bodies(peer).map(summary)).toEqual(['firing: a=firing']);
    expect(bodies(peer)[0]).toMatchObject({
      groupKey: '{}:{alertname="Disk"}',
      groupLabels: { alertname: 'Disk' },
    });

    // a second alert of the group waits for the group interval (5 m after the first flush)
    await at(T0 + 60 * SEC);
    await postAlerts(server, [
      { labels: { alertname: 'Disk', instance: 'b' }, startsAt: iso(T0 + 60 * SEC), endsAt: until },
    ]);
    await at(T0 + 61 * SEC);
    await at(T0 + 329 * SEC);
    expect(peer.requests).toHaveLength(1);
    await at(T0 + 330 * SEC);
    expect(bodies(peer).map(summary)).toEqual(['firing: a=firing', 'firing: a=firing,b=firing']);

    // nothing changes: the next flushes stay quiet until 15 m after the last notification
    await at(T0 + 630 * SEC);
    await at(T0 + 930 * SEC);
    expect(peer.requests).toHaveLength(2);
    await at(T0 + 1230 * SEC);
    expect(peer.requests).toHaveLength(3);

    // both resolve: one resolved notification at the next flush, then the group is gone
    await postAlerts(server, [
      { labels: { alertname: 'Disk', instance: 'a' }, startsAt: iso(T0), endsAt: iso(T0 + 1300 * SEC) },
      {
        labels: { alertname: 'Disk', instance: 'b' },
        startsAt: iso(T0 + 60 * SEC),
        endsAt: iso(T0 + 1300 * SEC),
      },
    ]);
    await at(T0 + 1300 * SEC);
    expect(peer.requests).toHaveLength(3);
    await at(T0 + 1530 * SEC);
    expect(bodies(peer).map(summary).slice(3)).toEqual(['resolved: a=resolved,b=resolved']);
    await at(T0 + 1830 * SEC);
    await at(T0 + 3 * 3600 * SEC);
    expect(peer.requests).toHaveLength(4);
    const left = await call(server, 'GET', ALERTS, { as: ADMIN });
    expect(left.body).toEqual([]);
  });
});
