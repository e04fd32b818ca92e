import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import {
  ALERTS,
  bodies,
  closeWebhookPeers,
  contactPoint,
  iso,
  leader,
  MIN,
  policies,
  postAlerts,
  SEC,
  summary,
  T0,
  webhookPeer,
} from '../helpers/alert-dispatch.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createTestDatabase } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';

// The dispatcher on a manual clock: alerts are POSTed to the Alertmanager API (or come from a
// rule), `alertDispatcher.tick` is driven second by second, and a real webhook on loopback
// records what is sent. Timings are Alertmanager's defaults unless a test sets them. The helpers
// are shared with the inhibition tests (test/helpers/alert-dispatch.ts).

afterEach(closeWebhookPeers);

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

  it('groups by labels, follows continue, and leaves resolve messages out where disabled', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'ops', `${peer.url}/ops`);
    await contactPoint(server, 'pager', `${peer.url}/pager`, { disableResolveMessage: true });
    await contactPoint(server, 'rest', `${peer.url}/rest`);
    await policies(server, {
      receiver: 'rest',
      group_by: ['team'],
      routes: [
        { receiver: 'ops', object_matchers: [['team', '=', 'ops']], continue: true },
        { receiver: 'pager', object_matchers: [['severity', '=', 'page']], group_by: ['alertname'] },
        { receiver: 'rest', object_matchers: [['team', '=', 'ops']] },
      ],
    });
    const until = iso(T0 + 60 * MIN);
    await postAlerts(server, [
      { labels: { alertname: 'Cpu', team: 'ops', instance: 'a', severity: 'page' }, endsAt: until },
      { labels: { alertname: 'Mem', team: 'ops', instance: 'b', severity: 'page' }, endsAt: until },
      { labels: { alertname: 'Cpu', team: 'db', instance: 'c' }, endsAt: until },
    ]);
    await at(T0 + 30 * SEC);
    // ops: one group (team=ops) of a and b; pager (continued after ops): one group per alertname;
    // rest: team=db only (the third route is never reached for ops alerts: pager matched first)
    expect(bodies(peer, '/ops').map(summary)).toEqual(['firing: a=firing,b=firing']);
    expect(bodies(peer, '/ops')[0]!.groupLabels).toEqual({ team: 'ops' });
    expect(bodies(peer, '/pager').map(summary).sort()).toEqual(['firing: a=firing', 'firing: b=firing']);
    expect(bodies(peer, '/rest').map(summary)).toEqual(['firing: c=firing']);
    expect(bodies(peer, '/rest')[0]!.groupKey).toBe('{}:{team="db"}');
    expect(
      bodies(peer, '/pager')
        .map((b) => b.groupKey)
        .sort(),
    ).toEqual(['{}/{severity="page"}:{alertname="Cpu"}', '{}/{severity="page"}:{alertname="Mem"}']);

    const groups = await call(server, 'GET', `${ALERTS}/groups`, { as: ADMIN });
    expect(groups.status).toBe(200);
    expect(
      (
        groups.body as { labels: Record<string, string>; receiver: { name: string }; alerts: unknown[] }[]
      ).map((g) => `${g.receiver.name} ${JSON.stringify(g.labels)} ${g.alerts.length}`),
    ).toEqual([
      'ops {"team":"ops"} 2',
      'pager {"alertname":"Cpu"} 1',
      'pager {"alertname":"Mem"} 1',
      'rest {"team":"db"} 1',
    ]);

    // everything resolves: ops and rest get the resolve at the next flush, pager (disabled) not
    await postAlerts(server, [
      {
        labels: { alertname: 'Cpu', team: 'ops', instance: 'a', severity: 'page' },
        endsAt: iso(T0 + 60 * SEC),
      },
      {
        labels: { alertname: 'Mem', team: 'ops', instance: 'b', severity: 'page' },
        endsAt: iso(T0 + 60 * SEC),
      },
      { labels: { alertname: 'Cpu', team: 'db', instance: 'c' }, endsAt: iso(T0 + 60 * SEC) },
    ]);
    await at(T0 + 60 * SEC);
    await at(T0 + 330 * SEC);
    expect(bodies(peer, '/ops').map(summary)).toEqual([
      'firing: a=firing,b=firing',
      'resolved: a=resolved,b=resolved',
    ]);
    expect(bodies(peer, '/rest').map(summary)).toEqual(['firing: c=firing', 'resolved: c=resolved']);
    expect(bodies(peer, '/pager')).toHaveLength(2);
    await at(T0 + 630 * SEC);
    expect(peer.requests).toHaveLength(6);
  });

  it('flushes at once for alerts older than group_wait; a fire-and-resolve before the first flush sends nothing', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    await policies(server, { receiver: 'hook', group_by: ['alertname'] });
    await postAlerts(server, [
      {
        labels: { alertname: 'Old', instance: 'x' },
        startsAt: iso(T0 - 10 * MIN),
        endsAt: iso(T0 + 60 * MIN),
      },
      { labels: { alertname: 'Blip', instance: 'y' }, startsAt: iso(T0), endsAt: iso(T0 + 60 * MIN) },
    ]);
    await at(T0);
    expect(bodies(peer).map(summary)).toEqual(['firing: x=firing']);
    await postAlerts(server, [
      { labels: { alertname: 'Blip', instance: 'y' }, startsAt: iso(T0), endsAt: iso(T0 + 10 * SEC) },
    ]);
    await at(T0 + 10 * SEC);
    await at(T0 + 30 * SEC);
    await at(T0 + 330 * SEC);
    expect(bodies(peer).map(summary)).toEqual(['firing: x=firing']);
  });

  it('serves the alerts API: filters, receivers, silenced state; POST defaults and validation', async () => {
    const { server, clock } = await leader();
    await contactPoint(server, 'hook', 'http://127.0.0.1:9/hook');
    await policies(server, { receiver: 'hook', group_by: ['alertname'] });
    await postAlerts(server, [
      { labels: { alertname: 'A', instance: 'one', empty: '' }, annotations: { summary: 's', blank: '' } },
      { labels: { alertname: 'B', instance: 'two' }, startsAt: iso(T0 - MIN), endsAt: iso(T0 + MIN) },
      { labels: { alertname: 'C' }, startsAt: iso(T0 - 2 * MIN), endsAt: iso(T0 - MIN) },
    ]);
    const list = await call(server, 'GET', ALERTS, { as: ADMIN });
    expect(list.status).toBe(200);
    const a = (list.body as { labels: Record<string, string> }[]).find((x) => x.labels.alertname === 'A');
    expect(a).toEqual({
      labels: { alertname: 'A', instance: 'one' },
      annotations: { summary: 's' },
      startsAt: iso(T0),
      endsAt: iso(T0 + 5 * MIN),
      updatedAt: iso(T0),
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      receivers: [{ name: 'hook' }],
      status: { state: 'active', silencedBy: [], inhibitedBy: [] },
      generatorURL: '',
    });
    // the resolved alert C is not listed
    expect((list.body as { labels: Record<string, string> }[]).map((x) => x.labels.alertname).sort()).toEqual(
      ['A', 'B'],
    );
    const filtered = await call(server, 'GET', `${ALERTS}?filter=${encodeURIComponent('instance=~"t.*"')}`, {
      as: ADMIN,
    });
    expect((filtered.body as { labels: Record<string, string> }[]).map((x) => x.labels.alertname)).toEqual([
      'B',
    ]);
    const none = await call(server, 'GET', `${ALERTS}?receiver=other`, { as: ADMIN });
    expect(none.body).toEqual([]);

    const silence = await call(server, 'POST', '/api/alertmanager/svc/api/v2/silences', {
      as: ADMIN,
      body: {
        matchers: [{ name: 'alertname', value: 'B', isRegex: false, isEqual: true }],
        startsAt: iso(T0),
        endsAt: iso(T0 + 30 * MIN),
        createdBy: 'test',
        comment: 'quiet',
      },
    });
    expect(silence.status, JSON.stringify(silence.body)).toBe(202);
    const silenced = await call(server, 'GET', `${ALERTS}?active=false`, { as: ADMIN });
    expect(silenced.body).toHaveLength(1);
    expect(silenced.body[0].status).toEqual({
      state: 'suppressed',
      silencedBy: [silence.body.silenceID],
      inhibitedBy: [],
    });
    const unsilenced = await call(server, 'GET', `${ALERTS}?silenced=false`, { as: ADMIN });
    expect((unsilenced.body as { labels: Record<string, string> }[]).map((x) => x.labels.alertname)).toEqual([
      'A',
    ]);

    const bad = await call(server, 'POST', ALERTS, { as: ADMIN, body: [{ labels: { only: '' } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('at least one label pair required');
    const backwards = await call(server, 'POST', ALERTS, {
      as: ADMIN,
      body: [{ labels: { a: 'b' }, startsAt: iso(T0), endsAt: iso(T0 - MIN) }],
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('start time must be before end time');
    const shape = await call(server, 'POST', ALERTS, { as: ADMIN, body: { labels: {} } });
    expect(shape.status).toBe(400);
    const badFilter = await call(server, 'GET', `${ALERTS}?filter=${encodeURIComponent('!!')}`, {
      as: ADMIN,
    });
    expect(badFilter.status).toBe(400);
    clock.advance(0);
  });

  it('does not send what a silence covers; the next flush after it expires does', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    await policies(server, { receiver: 'hook', group_by: ['alertname'] });
    const silence = await call(server, 'POST', '/api/alertmanager/grafana/api/v2/silences', {
      as: ADMIN,
      body: {
        matchers: [{ name: 'instance', value: 'quiet', isRegex: false, isEqual: true }],
        startsAt: iso(T0),
        endsAt: iso(T0 + 10 * MIN),
        createdBy: 'test',
        comment: 'maintenance',
      },
    });
    expect(silence.status).toBe(202);
    const until = iso(T0 + 60 * MIN);
    await postAlerts(server, [
      { labels: { alertname: 'Cpu', instance: 'quiet' }, endsAt: until },
      { labels: { alertname: 'Mem', instance: 'quiet' }, endsAt: until },
      { labels: { alertname: 'Mem', instance: 'loud' }, endsAt: until },
    ]);
    await at(T0 + 30 * SEC);
    expect(bodies(peer).map(summary)).toEqual(['firing: loud=firing']);
    await at(T0 + 330 * SEC);
    expect(peer.requests).toHaveLength(1);
    // the silence ended at T0 + 10 m: the flush at T0 + 10 m 30 s sends both groups
    await at(T0 + 630 * SEC);
    expect(bodies(peer).map(summary).slice(1).sort()).toEqual([
      'firing: loud=firing,quiet=firing',
      'firing: quiet=firing',
    ]);
  });

  it('a restart in the middle of group_wait sends once, at the planned time', async () => {
    const database = await createTestDatabase();
    const peer = await webhookPeer();
    const first = await leader({ database });
    await contactPoint(first.server, 'hook', `${peer.url}/hook`);
    await policies(first.server, { receiver: 'hook', group_by: ['alertname'] });
    await postAlerts(first.server, [
      { labels: { alertname: 'Disk', instance: 'a' }, endsAt: iso(T0 + 60 * MIN) },
    ]);
    await first.at(T0 + 10 * SEC);
    await first.server.shutdown();

    const clock = new ManualClock(T0 + 20 * SEC);
    const second = await startTestServer({ clock, database });
    await second.alertScheduler.tick(T0 + 20 * SEC);
    const at = async (time: number) => {
      clock.advance(time - clock.now());
      await second.alertDispatcher.tick(time);
    };
    await at(T0 + 20 * SEC);
    await at(T0 + 29 * SEC);
    expect(peer.requests).toHaveLength(0);
    await at(T0 + 30 * SEC);
    await at(T0 + 31 * SEC);
    await at(T0 + 300 * SEC);
    expect(bodies(peer).map(summary)).toEqual(['firing: a=firing']);
    await second.shutdown();

    // and again after the flush: the log remembers, nothing is repeated
    const clock3 = new ManualClock(T0 + 330 * SEC);
    const third = await startTestServer({ clock: clock3, database });
    await third.alertScheduler.tick(T0 + 330 * SEC);
    await third.alertDispatcher.tick(T0 + 330 * SEC);
    clock3.advance(300 * SEC);
    await third.alertDispatcher.tick(T0 + 630 * SEC);
    expect(peer.requests).toHaveLength(1);
    await third.shutdown();
    await database.drop();
  });

  it('retries a failed integration with back-off until the next flush, and only that integration', async () => {
    const { server, at } = await leader({ overrides: { metrics: { enabled: 'true' } } });
    const peer = await webhookPeer();
    let failing = true;
    peer.reply((req) => ({ status: req.path === '/down' && failing ? 500 : 200 }));
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
              { uid: 'team-up', type: 'webhook', settings: { url: `${peer.url}/up` } },
              { uid: 'team-down', type: 'webhook', settings: { url: `${peer.url}/down` } },
            ],
          },
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await policies(server, { receiver: 'team', group_by: ['alertname'] });
    await postAlerts(server, [{ labels: { alertname: 'Disk', instance: 'a' }, endsAt: iso(T0 + 60 * MIN) }]);

    const times: number[] = [];
    for (let t = T0; t <= T0 + 335 * SEC; t += SEC) {
      const before = peer.requests.length;
      await at(t);
      if (peer.requests.length > before) times.push((t - T0) / SEC);
    }
    // the first flush reaches both; then only the failing one, after 10, 20, 40 and 80 s; then the
    // next flush (5 m after the first) tries it again
    expect(times).toEqual([30, 40, 60, 100, 180, 330]);
    expect(bodies(peer, '/up')).toHaveLength(1);
    expect(bodies(peer, '/down')).toHaveLength(6);

    // it recovers: one more delivery on the next retry (10 s after that flush), then quiet
    failing = false;
    for (let t = T0 + 340 * SEC; t <= T0 + 700 * SEC; t += 10 * SEC) await at(t);
    expect(bodies(peer, '/down')).toHaveLength(7);
    expect(bodies(peer, '/up')).toHaveLength(1);
    // every attempt is counted by integration type
    const metrics = await fetch(`${server.url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/svc_alerting_notification_sent_total\{type="webhook"\} 2\b/);
    expect(metrics).toMatch(/svc_alerting_notification_failed_total\{type="webhook"\} 6\b/);
  });

  it('an alert posted to a follower reaches the leader, which alone sends it', async () => {
    const database = await createTestDatabase();
    const peer = await webhookPeer();
    const clocks = [new ManualClock(T0), new ManualClock(T0)];
    const first = await startTestServer({ clock: clocks[0], database });
    await first.alertScheduler.tick(T0);
    const second = await startTestServer({ clock: clocks[1], database });
    await second.alertScheduler.tick(T0);
    expect(first.alertScheduler.isLeading()).toBe(true);
    expect(second.alertScheduler.isLeading()).toBe(false);
    await contactPoint(second, 'hook', `${peer.url}/hook`);
    await policies(second, { receiver: 'hook', group_by: ['alertname'] });
    await postAlerts(second, [
      { labels: { alertname: 'Pushed', instance: 'p' }, endsAt: iso(T0 + 60 * MIN) },
    ]);
    for (let t = T0; t <= T0 + 40 * SEC; t += 5 * SEC) {
      for (const clock of clocks) clock.advance(t - clock.now());
      if (t % (10 * SEC) === 0) await Promise.all([first, second].map((s) => s.alertScheduler.tick(t)));
      await second.alertDispatcher.tick(t);
      await first.alertDispatcher.tick(t);
    }
    expect(bodies(peer).map(summary)).toEqual(['firing: p=firing']);
    // any instance answers the API from the table
    const listed = await call(second, 'GET', ALERTS, { as: ADMIN });
    expect((listed.body as { labels: Record<string, string> }[]).map((a) => a.labels.instance)).toEqual([
      'p',
    ]);
    await first.shutdown();
    await second.shutdown();
    await database.drop();
  });

  it('with execute_alerts = false an instance dispatches POSTed alerts until an evaluating one takes over', async () => {
    const database = await createTestDatabase();
    const peer = await webhookPeer();
    const clocks = [new ManualClock(T0), new ManualClock(T0)];
    const dispatchOnly = await startTestServer({
      clock: clocks[0],
      database,
      overrides: { unified_alerting: { execute_alerts: 'false' } },
    });
    await dispatchOnly.alertScheduler.tick(T0);
    expect(dispatchOnly.alertScheduler.isLeading()).toBe(true);
    await contactPoint(dispatchOnly, 'hook', `${peer.url}/hook`);
    await policies(dispatchOnly, { receiver: 'hook', group_by: ['alertname'] });
    await postAlerts(dispatchOnly, [
      { labels: { alertname: 'Pushed', instance: 'p' }, endsAt: iso(T0 + 60 * MIN) },
    ]);
    for (let t = T0; t <= T0 + 40 * SEC; t += 5 * SEC) {
      clocks[0]!.advance(t - clocks[0]!.now());
      if (t % (10 * SEC) === 0) await dispatchOnly.alertScheduler.tick(t);
      await dispatchOnly.alertDispatcher.tick(t);
    }
    expect(bodies(peer).map(summary)).toEqual(['firing: p=firing']);

    // an evaluating instance starts: it takes the live lease at its first tick; the other lets go
    const evaluating = await startTestServer({ clock: clocks[1], database });
    const t = T0 + 50 * SEC;
    for (const clock of clocks) clock.advance(t - clock.now());
    await evaluating.alertScheduler.tick(t);
    await dispatchOnly.alertScheduler.tick(t);
    expect(evaluating.alertScheduler.isLeading()).toBe(true);
    expect(dispatchOnly.alertScheduler.isLeading()).toBe(false);
    await postAlerts(dispatchOnly, [
      { labels: { alertname: 'Second', instance: 'q' }, endsAt: iso(T0 + 60 * MIN) },
    ]);
    for (let t2 = t; t2 <= t + 40 * SEC; t2 += 5 * SEC) {
      for (const clock of clocks) clock.advance(t2 - clock.now());
      if (t2 % (10 * SEC) === 0) {
        await Promise.all([evaluating, dispatchOnly].map((s) => s.alertScheduler.tick(t2)));
      }
      await dispatchOnly.alertDispatcher.tick(t2);
      await evaluating.alertDispatcher.tick(t2);
    }
    // the new leader sends the new group, and does not repeat the one already sent
    expect(bodies(peer).map(summary)).toEqual(['firing: p=firing', 'firing: q=firing']);
    expect(dispatchOnly.alertScheduler.isLeading()).toBe(false);
    await dispatchOnly.shutdown();
    await evaluating.shutdown();
    await database.drop();
  });

  it('mutes by the matched route’s own mute and active time intervals (not inherited)', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    const interval = await call(server, 'POST', '/api/v1/provisioning/mute-timings', {
      as: ADMIN,
      body: { name: 'first-hour', time_intervals: [{ times: [{ start_time: '00:00', end_time: '01:00' }] }] },
    });
    expect(interval.status, JSON.stringify(interval.body)).toBe(201);
    await policies(server, {
      receiver: 'hook',
      group_by: ['alertname', 'team'],
      routes: [
        {
          object_matchers: [['team', '=', 'ops']],
          mute_time_intervals: ['first-hour'],
          routes: [{ object_matchers: [['severity', '=', 'page']] }],
        },
        { object_matchers: [['team', '=', 'db']], active_time_intervals: ['first-hour'] },
      ],
    });
    const until = iso(T0 + 3 * 60 * MIN);
    // T0 is 00:00 UTC: inside first-hour
    await postAlerts(server, [
      { labels: { alertname: 'Muted', team: 'ops', instance: 'm' }, endsAt: until },
      { labels: { alertname: 'Paged', team: 'ops', severity: 'page', instance: 'p' }, endsAt: until },
      { labels: { alertname: 'Active', team: 'db', instance: 'a' }, endsAt: until },
    ]);
    const when = new Map<string, number>();
    for (let t = T0; t <= T0 + 90 * MIN; t += 30 * SEC) {
      const before = peer.requests.length;
      await at(t);
      for (const body of bodies(peer).slice(before)) when.set(summary(body), (t - T0) / SEC);
    }
    expect(Object.fromEntries(when)).toEqual({
      // the child of the muted route has no mute interval of its own
      'firing: p=firing': 30,
      // active only inside first-hour
      'firing: a=firing': 30,
      // muted until 01:00; the first flush after that is 01:00:30
      'firing: m=firing': 3630,
    });
    expect(peer.requests).toHaveLength(3);
  });

  it('a policy added above an existing group does not make it notify again', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
    await contactPoint(server, 'hook', `${peer.url}/hook`);
    await contactPoint(server, 'other', `${peer.url}/other`);
    const route = { receiver: 'hook', object_matchers: [['team', '=', 'ops']] };
    await policies(server, { receiver: 'hook', group_by: ['alertname'], routes: [route] });
    await postAlerts(server, [{ labels: { alertname: 'Disk', team: 'ops' }, endsAt: iso(T0 + 60 * MIN) }]);
    await at(T0 + 30 * SEC);
    expect(peer.requests).toHaveLength(1);
    await policies(server, {
      receiver: 'hook',
      group_by: ['alertname'],
      routes: [{ receiver: 'other', object_matchers: [['team', '=', 'db']] }, route],
    });
    await at(T0 + 60 * SEC);
    await at(T0 + 330 * SEC);
    await at(T0 + 630 * SEC);
    expect(peer.requests).toHaveLength(1);
  });

  it('while a stale leader still dispatches next to the new one, each flush is sent once', async () => {
    const database = await createTestDatabase();
    const peer = await webhookPeer();
    const clocks = [new ManualClock(T0), new ManualClock(T0)];
    const stale = await startTestServer({ clock: clocks[0], database });
    const fresh = await startTestServer({ clock: clocks[1], database });
    await stale.alertScheduler.tick(T0);
    await fresh.alertScheduler.tick(T0);
    expect(stale.alertScheduler.isLeading()).toBe(true);
    await contactPoint(fresh, 'hook', `${peer.url}/hook`);
    await policies(fresh, { receiver: 'hook', group_by: ['alertname'] });
    const until = iso(T0 + 60 * MIN);
    await postAlerts(fresh, [{ labels: { alertname: 'Disk', instance: 'x' }, endsAt: until }]);

    // the stale leader's scheduler is never ticked again, so it keeps believing it leads; the
    // fresh one takes the lease at T0 + 20 s; both dispatch every 5 s from then on
    const round = async (t: number) => {
      for (const clock of clocks) clock.advance(t - clock.now());
      if (t % (10 * SEC) === 0) await fresh.alertScheduler.tick(t);
      await Promise.all([stale.alertDispatcher.tick(t), fresh.alertDispatcher.tick(t)]);
      await fresh.alertDispatcher.tick(t);
      await stale.alertDispatcher.tick(t);
    };
    for (let t = T0 + 5 * SEC; t <= T0 + 100 * SEC; t += 5 * SEC) await round(t);
    expect(fresh.alertScheduler.isLeading()).toBe(true);
    expect(stale.alertScheduler.isLeading()).toBe(true);
    expect(bodies(peer).map(summary)).toEqual(['firing: x=firing']);

    await postAlerts(stale, [{ labels: { alertname: 'Disk', instance: 'y' }, endsAt: until }]);
    for (let t = T0 + 105 * SEC; t <= T0 + 400 * SEC; t += 5 * SEC) await round(t);
    expect(bodies(peer).map(summary)).toEqual(['firing: x=firing', 'firing: x=firing,y=firing']);

    await postAlerts(fresh, [{ labels: { alertname: 'Disk', instance: 'x' }, endsAt: iso(T0 + 400 * SEC) }]);
    for (let t = T0 + 405 * SEC; t <= T0 + 1000 * SEC; t += 5 * SEC) await round(t);
    expect(bodies(peer).map(summary)).toEqual([
      'firing: x=firing',
      'firing: x=firing,y=firing',
      'firing: x=resolved,y=firing',
    ]);
    await stale.shutdown();
    await fresh.shutdown();
    await database.drop();
  });

  it('reads alerts with alert.instances:read and posts them with alert.instances:create', async () => {
    const { server } = await leader();
    const viewer = await createUser(server, { orgRole: 'Viewer' });
    const editor = await createUser(server, { orgRole: 'Editor' });
    const body = [{ labels: { alertname: 'Rbac' } }];
    expect((await call(server, 'POST', ALERTS, { as: viewer.as, body })).status).toBe(403);
    expect((await call(server, 'POST', ALERTS, { as: editor.as, body })).status).toBe(200);
    for (const path of [ALERTS, `${ALERTS}/groups`, '/api/alertmanager/grafana/api/v2/alerts']) {
      const read = await call(server, 'GET', path, { as: viewer.as });
      expect(read.status, path).toBe(200);
      expect(read.body).toHaveLength(1);
    }
    expect((await call(server, 'GET', ALERTS)).status).toBe(401);
  });

  it('an integration without resolve messages gets the firing alerts only', async () => {
    const { server, at } = await leader();
    const peer = await webhookPeer();
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
              { uid: 'team-all', type: 'webhook', settings: { url: `${peer.url}/all` } },
              {
                uid: 'team-firing',
                type: 'webhook',
                disableResolveMessage: true,
                settings: { url: `${peer.url}/firing` },
              },
            ],
          },
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await policies(server, { receiver: 'team', group_by: ['alertname'] });
    const until = iso(T0 + 60 * MIN);
    await postAlerts(server, [
      { labels: { alertname: 'Disk', instance: 'a' }, endsAt: until },
      { labels: { alertname: 'Disk', instance: 'b' }, endsAt: until },
    ]);
    await at(T0 + 30 * SEC);
    await postAlerts(server, [
      { labels: { alertname: 'Disk', instance: 'b' }, endsAt: iso(T0 + 60 * SEC) },
      { labels: { alertname: 'Disk', instance: 'c' }, endsAt: until },
    ]);
    await at(T0 + 60 * SEC);
    await at(T0 + 330 * SEC);
    await postAlerts(server, [
      { labels: { alertname: 'Disk', instance: 'a' }, endsAt: iso(T0 + 400 * SEC) },
      { labels: { alertname: 'Disk', instance: 'c' }, endsAt: iso(T0 + 400 * SEC) },
    ]);
    await at(T0 + 400 * SEC);
    await at(T0 + 630 * SEC);
    await at(T0 + 930 * SEC);
    expect(bodies(peer, '/all').map(summary)).toEqual([
      'firing: a=firing,b=firing',
      'firing: a=firing,b=resolved,c=firing',
      'resolved: a=resolved,c=resolved',
    ]);
    expect(bodies(peer, '/firing').map(summary)).toEqual([
      'firing: a=firing,b=firing',
      'firing: a=firing,c=firing',
    ]);
  });
});
