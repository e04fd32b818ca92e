import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createHistoryStore } from '../../src/features/alerting/history.store.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: any;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A webhook receiver on loopback: records requests; `/fail` answers 500, `/slow` never in time. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      if (req.url?.startsWith('/fail')) {
        res.writeHead(500).end('receiver is down');
      } else if (req.url?.startsWith('/slow')) {
        setTimeout(() => res.writeHead(200).end('late'), 3000).unref();
      } else {
        res.writeHead(200).end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received };
}

const TEST = '/api/alertmanager/svc/config/api/v1/receivers/test';

async function createWebhook(server: TestServer, name: string, settings: Record<string, unknown>) {
  const res = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
    as: ADMIN,
    body: { name, type: 'webhook', settings },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.uid as string;
}

describe('receivers test endpoint', () => {
  it('sends the default test alert with SPEC’s flat body and answers 200', async () => {
    const server = await startTestServer();
    const peer = await startReceiver();
    const res = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: {
        name: 'my-cp',
        svc_managed_receiver_configs: [
          { uid: '', name: 'my-cp', type: 'webhook', settings: { url: `${peer.url}/hook` } },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      alert: {
        labels: { alertname: 'TestAlert', instance: 'Grafana' },
        annotations: {
          summary: 'Notification test',
          __value_string__: "[ metric='foo' labels={instance=bar} value=10 ]",
        },
      },
      receivers: [
        {
          name: 'my-cp',
          svc_managed_receiver_configs: [{ name: 'my-cp', uid: '', status: 'ok' }],
          grafana_managed_receiver_configs: [{ name: 'my-cp', uid: '', status: 'ok' }],
        },
      ],
      notified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(peer.received).toHaveLength(1);
    const [sent] = peer.received;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/hook');
    expect(sent!.body).toMatchObject({
      receiver: 'webhook',
      status: 'firing',
      state: 'alerting',
      commonLabels: { alertname: 'TestAlert', instance: 'Grafana' },
      title: '[FIRING:1] TestAlert Grafana ',
    });
    expect(sent!.body.alerts[0].annotations).toEqual({ summary: 'Notification test' });
  });

  it('accepts Grafana’s nested body with grafana_managed_receiver_configs and a custom alert', async () => {
    const server = await startTestServer();
    const peer = await startReceiver();
    const res = await call(server, 'POST', '/api/alertmanager/grafana/config/api/v1/receivers/test', {
      as: ADMIN,
      body: {
        alert: { labels: { alertname: 'Custom', team: 'ops' }, annotations: { summary: 'hi' } },
        receivers: [
          {
            name: 'b',
            grafana_managed_receiver_configs: [
              { name: 'b', type: 'webhook', settings: { url: `${peer.url}/b` } },
            ],
          },
          {
            name: 'a',
            grafana_managed_receiver_configs: [
              { name: 'a', type: 'webhook', settings: { url: `${peer.url}/a` } },
            ],
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.alert.labels).toEqual({ alertname: 'Custom', instance: 'Grafana', team: 'ops' });
    expect(res.body.alert.annotations.summary).toBe('hi');
    expect(res.body.receivers.map((r: { name: string }) => r.name)).toEqual(['a', 'b']);
    expect(peer.received.map((r) => r.url).sort()).toEqual(['/a', '/b']);
    expect(peer.received[0]!.body.commonLabels).toMatchObject({ alertname: 'Custom', team: 'ops' });
  });

  it('fills in stored secrets for known uids and refuses unknown uids', async () => {
    const server = await startTestServer();
    const peer = await startReceiver();
    const uid = await createWebhook(server, 'auth', {
      url: `${peer.url}/auth`,
      username: 'u',
      password: 'stored-pw',
    });
    const res = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: {
        name: 'auth',
        svc_managed_receiver_configs: [
          {
            uid,
            name: 'auth',
            type: 'webhook',
            settings: { url: `${peer.url}/auth`, username: 'u', password: '[REDACTED]' },
          },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(peer.received[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('u:stored-pw').toString('base64')}`,
    );

    // A secret left out, or empty, is the stored one too.
    for (const password of [undefined, '']) {
      const again = await call(server, 'POST', TEST, {
        as: ADMIN,
        body: {
          name: 'auth',
          svc_managed_receiver_configs: [
            {
              uid,
              name: 'auth',
              type: 'webhook',
              settings: { url: `${peer.url}/auth`, username: 'u', password },
            },
          ],
        },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(peer.received.at(-1)!.headers.authorization).toBe(
        `Basic ${Buffer.from('u:stored-pw').toString('base64')}`,
      );
    }

    const unknown = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: {
        name: 'x',
        svc_managed_receiver_configs: [{ uid: 'nope', type: 'webhook', settings: { url: peer.url } }],
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('unknown receiver: nope');
  });

  it('answers 207 for mixed results, 400 when every receiver is invalid, 408 on timeouts', async () => {
    const server = await startTestServer();
    const peer = await startReceiver();
    const mixed = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: {
        receivers: [
          {
            name: 'ok',
            svc_managed_receiver_configs: [
              { name: 'ok', type: 'webhook', settings: { url: `${peer.url}/ok` } },
            ],
          },
          {
            name: 'down',
            svc_managed_receiver_configs: [
              { name: 'down', type: 'webhook', settings: { url: `${peer.url}/fail` } },
            ],
          },
        ],
      },
    });
    expect(mixed.status).toBe(207);
    const down = mixed.body.receivers.find((r: { name: string }) => r.name === 'down')
      .svc_managed_receiver_configs[0];
    expect(down).toEqual({ name: 'down', uid: '', status: 'failed', error: expect.stringContaining('500') });
    expect(down.error).toContain('receiver is down');

    const invalid = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: { name: 'bad', svc_managed_receiver_configs: [{ name: 'bad', type: 'webhook', settings: {} }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.receivers[0].svc_managed_receiver_configs[0]).toEqual({
      name: 'bad',
      uid: '',
      status: 'failed',
      error:
        'failed to validate integration "bad" (UID ) of type "webhook": required field \'url\' is not specified',
    });

    const slow = await call(server, 'POST', TEST, {
      as: ADMIN,
      headers: { 'Request-Timeout': '1' },
      body: {
        name: 'slow',
        svc_managed_receiver_configs: [
          { name: 'slow', type: 'webhook', settings: { url: `${peer.url}/slow` } },
        ],
      },
    });
    expect(slow.status).toBe(408);
    expect(slow.body.receivers[0].svc_managed_receiver_configs[0].status).toBe('failed');

    const tooLong = await call(server, 'POST', TEST, {
      as: ADMIN,
      headers: { 'Request-Timeout': '30' },
      body: { name: 'x', svc_managed_receiver_configs: [{ type: 'webhook', settings: { url: peer.url } }] },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('exceeded maximum timeout of 30000000000 seconds');
    const notNumber = await call(server, 'POST', TEST, {
      as: ADMIN,
      headers: { 'Request-Timeout': 'soon' },
      body: { name: 'x', svc_managed_receiver_configs: [{ type: 'webhook', settings: { url: peer.url } }] },
    });
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.message).toBe('strconv.ParseInt: parsing "soon": invalid syntax');
    const nothing = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: { name: 'x', svc_managed_receiver_configs: [] },
    });
    expect(nothing.status).toBe(400);
  });

  it('needs alert.notifications:write: Editors may test, Viewers may not', async () => {
    const server = await startTestServer();
    const peer = await startReceiver();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    const body = {
      name: 'x',
      svc_managed_receiver_configs: [{ type: 'webhook', settings: { url: peer.url } }],
    };
    expect((await call(server, 'POST', TEST, { body })).status).toBe(401);
    expect((await call(server, 'POST', TEST, { as: viewer.as, body })).status).toBe(403);
    expect((await call(server, 'POST', TEST, { as: editor.as, body })).status).toBe(200);
    expect(peer.received).toHaveLength(1);
  });
});

describe('delivery status and history', () => {
  it('records every attempt; status and metadata show the latest; history pages and filters', async () => {
    const server = await startTestServer({ overrides: { metrics: { enabled: 'true' } } });
    const peer = await startReceiver();
    // one contact point of two integrations: the receivers API creates it in one request
    const created = await call(
      server,
      'POST',
      '/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/default/receivers',
      {
        as: ADMIN,
        body: {
          spec: {
            title: 'team',
            integrations: [
              { uid: 'team-ok', type: 'webhook', settings: { url: `${peer.url}/ok` } },
              { uid: 'team-fail', type: 'webhook', settings: { url: `${peer.url}/fail` } },
            ],
          },
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const okUid = 'team-ok';
    const failUid = 'team-fail';
    await call(server, 'PUT', '/api/v1/provisioning/policies', {
      as: ADMIN,
      body: {
        receiver: 'svc-default-email',
        routes: [{ receiver: 'team', object_matchers: [['a', '=', 'b']] }],
      },
    });

    const never = await call(server, 'GET', '/api/alertmanager/svc/config/api/v1/receivers', { as: ADMIN });
    expect(never.status).toBe(200);
    const teamBefore = never.body.find((r: { name: string }) => r.name === 'team');
    expect(teamBefore.active).toBe(true);
    expect(teamBefore.integrations[0]).toEqual({
      name: 'webhook',
      lastNotifyAttempt: '0001-01-01T00:00:00.000Z',
      lastNotifyAttemptDuration: '0s',
      sendResolved: true,
    });

    for (let i = 0; i < 2; i++) {
      const res = await call(server, 'POST', TEST, {
        as: ADMIN,
        body: {
          name: 'team',
          svc_managed_receiver_configs: [
            { uid: okUid, name: 'team', type: 'webhook', settings: { url: `${peer.url}/ok` } },
            { uid: failUid, name: 'team', type: 'webhook', settings: { url: `${peer.url}/fail` } },
          ],
        },
      });
      expect(res.status).toBe(207);
    }

    const status = await call(server, 'GET', '/api/alertmanager/grafana/config/api/v1/receivers', {
      as: ADMIN,
    });
    const team = status.body.find((r: { name: string }) => r.name === 'team');
    expect(team.integrations).toHaveLength(2);
    const failed = team.integrations.find(
      (i: { lastNotifyAttemptError?: string }) => i.lastNotifyAttemptError,
    );
    expect(failed.lastNotifyAttemptError).toContain('500');
    expect(failed.lastNotifyAttempt).not.toBe('0001-01-01T00:00:00.000Z');
    expect(failed.lastNotifyAttemptDuration).toMatch(/^(\d+(ms|s|m))+$/);
    const defaultEmail = status.body.find((r: { name: string }) => r.name === 'svc-default-email');
    expect(defaultEmail.active).toBe(true);

    const meta = await call(server, 'GET', '/api/v1/notifications/receivers', { as: ADMIN });
    const teamMeta = meta.body.find((r: { name: string }) => r.name === 'team');
    expect(teamMeta.numberOfPolicies).toBe(1);
    expect(teamMeta.receiverStatus.active).toBe(true);
    expect(teamMeta.receiverStatus.errorCount).toBe(1);
    expect(teamMeta.receiverStatus.notifiers).toHaveLength(2);
    expect(teamMeta.integrations.map((i: { uid: string }) => i.uid).sort()).toEqual([okUid, failUid].sort());

    const all = await call(server, 'GET', '/api/v1/notifications/history', { as: ADMIN });
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(4);
    expect(all.body.history[0]).toEqual({
      id: expect.any(Number),
      receiver: 'team',
      integrationUid: expect.any(String),
      integrationType: 'webhook',
      status: expect.stringMatching(/^(ok|failed)$/),
      ...(all.body.history[0].status === 'failed' ? { error: expect.any(String) } : {}),
      duration: expect.any(String),
      durationMs: expect.any(Number),
      sendResolved: true,
      test: true,
      time: expect.stringMatching(/^\d{4}-/),
    });
    const failures = await call(server, 'GET', '/api/v1/notifications/history?status=failed', { as: ADMIN });
    expect(failures.body.totalCount).toBe(2);
    expect(failures.body.history.every((h: { integrationUid: string }) => h.integrationUid === failUid)).toBe(
      true,
    );
    const byIntegration = await call(
      server,
      'GET',
      `/api/v1/notifications/history?integration=${okUid}&limit=1&page=2`,
      { as: ADMIN },
    );
    expect(byIntegration.body).toMatchObject({ totalCount: 2, page: 2, limit: 1 });
    expect(byIntegration.body.history).toHaveLength(1);
    const future = await call(server, 'GET', `/api/v1/notifications/history?from=${Date.now() + 60_000}`, {
      as: ADMIN,
    });
    expect(future.body.totalCount).toBe(0);
    const iso = await call(server, 'GET', '/api/v1/notifications/history?to=2000-01-01T00:00:00Z', {
      as: ADMIN,
    });
    expect(iso.body.totalCount).toBe(0);
    const bad = await call(server, 'GET', '/api/v1/notifications/history?from=yesterday', { as: ADMIN });
    expect(bad.status).toBe(400);

    const metrics = await call(server, 'GET', '/metrics');
    const text = String(metrics.body);
    expect(text).toMatch(/svc_alerting_notification_sent_total\{type="webhook"\} [1-9]/);
    expect(text).toMatch(/svc_alerting_notification_failed_total\{type="webhook"\} [1-9]/);

    // history belongs to the org; Viewers read it
    const org2 = await createOrg(server);
    expect(
      (await call(server, 'GET', '/api/v1/notifications/history', { as: inOrg(ADMIN, org2) })).body
        .totalCount,
    ).toBe(0);
    const viewer = await createUser(server);
    expect((await call(server, 'GET', '/api/v1/notifications/history', { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'GET', '/api/v1/notifications/history')).status).toBe(401);
  });

  it('shows a caller holding one receiver only that receiver, in lists, status and history', async () => {
    const server = await startTestServer();
    const peer = await startReceiver();
    await createWebhook(server, 'visible', { url: `${peer.url}/ok` });
    await createWebhook(server, 'hidden', { url: `${peer.url}/ok` });
    for (const name of ['visible', 'hidden']) {
      const sent = await call(server, 'POST', TEST, {
        as: ADMIN,
        body: {
          name,
          svc_managed_receiver_configs: [{ name, type: 'webhook', settings: { url: `${peer.url}/ok` } }],
        },
      });
      expect(sent.status).toBe(200);
    }
    const scope = `receivers:uid:${Buffer.from('visible').toString('base64url')}`;
    const role = await call(server, 'POST', '/api/access-control/roles', {
      as: ADMIN,
      body: {
        name: 'custom:one-receiver',
        permissions: [
          { action: 'alert.notifications:read' },
          { action: 'alert.notifications.receivers:read', scope },
        ],
      },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const user = await createUser(server);
    const none = await call(server, 'PATCH', `/api/org/users/${user.id}`, {
      as: ADMIN,
      body: { role: 'None' },
    });
    expect(none.status).toBe(200);
    const assigned = await call(server, 'POST', `/api/access-control/users/${user.id}/roles`, {
      as: ADMIN,
      body: { roleUid: role.body.uid },
    });
    expect(assigned.status).toBe(200);

    const cps = await call(server, 'GET', '/api/v1/provisioning/contact-points', { as: user.as });
    expect(cps.status).toBe(200);
    expect(cps.body.map((c: { name: string }) => c.name)).toEqual(['visible']);
    const statuses = await call(server, 'GET', '/api/alertmanager/svc/config/api/v1/receivers', {
      as: user.as,
    });
    expect(statuses.body.map((c: { name: string }) => c.name)).toEqual(['visible']);
    const history = await call(server, 'GET', '/api/v1/notifications/history', { as: user.as });
    expect(history.status).toBe(200);
    expect(history.body.history.map((h: { receiver: string }) => h.receiver)).toEqual(['visible']);
    expect((await call(server, 'GET', '/api/v1/notifications/history', { as: ADMIN })).body.totalCount).toBe(
      2,
    );
  });

  it('prunes attempts older than the retention', async () => {
    const server = await startTestServer();
    const peer = await startReceiver();
    const body = {
      name: 'r',
      svc_managed_receiver_configs: [{ type: 'webhook', settings: { url: `${peer.url}/ok` } }],
    };
    expect((await call(server, 'POST', TEST, { as: ADMIN, body })).status).toBe(200);
    const db = server.database.db;
    await db.updateTable('alert_notification_history').set({ created: 1000 }).execute();
    expect((await call(server, 'POST', TEST, { as: ADMIN, body })).status).toBe(200);
    const pruned = await createHistoryStore(db).prune(Date.now() - 60_000);
    expect(pruned).toBe(1);
    const left = await call(server, 'GET', '/api/v1/notifications/history', { as: ADMIN });
    expect(left.body.totalCount).toBe(1);
  });
});
