import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createUser } from '../helpers/factories.js';
import { startHttpReceiver, type HttpReceiver } from '../helpers/peers/http-receiver.js';
import { screenshot } from './browser.js';
import { newPage, openSignedIn, useChromium } from './session.js';

// The alert rule, silence, mute timing and alert group pages against a server whose rule engine
// runs on a manual clock: a test evaluates the rules (scheduler tick) and hands their alerts on
// (dispatcher tick) when it wants state to change. The clock starts at the real time so what the
// browser creates (a silence from now on) means the same to the server.

useChromium({ hookTimeout: 300_000, page: { stepTimeout: 15_000 } });

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const NO_PROVENANCE = { 'X-Disable-Provenance': 'true' };

const receivers: HttpReceiver[] = [];
afterEach(async () => {
  while (receivers.length) await receivers.pop()!.close();
});

/** A testdata rule over CSV rows (room, value) firing where value > 30, with `labels`. */
function csvRule(
  dsUid: string,
  title: string,
  csv: string,
  extra: { labels?: Record<string, string>; notification_settings?: Record<string, unknown> } = {},
) {
  return {
    title,
    condition: 'C',
    for: '0s',
    noDataState: 'OK',
    execErrState: 'Error',
    labels: extra.labels ?? {},
    annotations: { summary: '{{ $labels.room }} is hot' },
    ...(extra.notification_settings ? { notification_settings: extra.notification_settings } : {}),
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

async function dsUidOf(server: TestServer): Promise<string> {
  const found = await call(server, 'GET', '/api/datasources/name/testdata', { as: ADMIN });
  return found.body.uid as string;
}

interface World {
  server: TestServer;
  clock: ManualClock;
  folderUid: string;
  /** the webhook behind "ops-hook" */
  receiver: HttpReceiver;
  /** evaluates every rule and hands the alerts to the dispatcher, `seconds` later than the last time */
  evaluate: (seconds?: number) => Promise<void>;
  ruleUid: (title: string) => Promise<string>;
}

/**
 * A folder "Rooms" with group "g" (10 s): "Hot rooms" (lab 50, hall 40, cellar 10; team=ops,
 * through the policies to "ops-hook"), "Quiet" (nothing above 30; team=dev, its notification
 * settings naming "dev-hook"), "Empty" (no rows: NoData) and "Slow" (attic 60, pending for 1 m).
 * All created without provenance, as the UI would.
 */
async function world(): Promise<World> {
  const clock = new ManualClock(Date.now());
  const server = await startTestServer({ clock });
  const receiver = await startHttpReceiver();
  receivers.push(receiver);
  const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Rooms' } });
  expect(folder.status).toBe(200);
  const ds = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: { name: 'testdata', type: 'testdata', url: 'http://testdata.invalid', access: 'proxy' },
  });
  expect(ds.status).toBe(200);
  for (const [name, url] of [
    ['ops-hook', `${receiver.url}/ops`],
    ['dev-hook', 'http://127.0.0.1:9/dev'],
  ]) {
    const cp = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      headers: NO_PROVENANCE,
      body: { name, type: 'webhook', settings: { url } },
    });
    expect(cp.status, JSON.stringify(cp.body)).toBe(202);
  }
  const tree = await call(server, 'PUT', '/api/v1/provisioning/policies', {
    as: ADMIN,
    headers: NO_PROVENANCE,
    body: { receiver: 'ops-hook', group_by: ['grafana_folder', 'alertname'] },
  });
  expect(tree.status, JSON.stringify(tree.body)).toBe(202);
  const folderUid = folder.body.uid as string;
  const dsUid = ds.body.datasource.uid as string;
  const group = await call(server, 'PUT', `/api/v1/provisioning/folder/${folderUid}/rule-groups/g`, {
    as: ADMIN,
    headers: NO_PROVENANCE,
    body: {
      title: 'g',
      interval: 10,
      rules: [
        csvRule(dsUid, 'Hot rooms', 'room,value\nlab,50\nhall,40\ncellar,10', { labels: { team: 'ops' } }),
        csvRule(dsUid, 'Quiet', 'room,value\nlab,5', {
          labels: { team: 'dev' },
          notification_settings: { receiver: 'dev-hook' },
        }),
        { ...csvRule(dsUid, 'Empty', 'room,value'), noDataState: 'NoData' },
        { ...csvRule(dsUid, 'Slow', 'room,value\nattic,60'), for: '1m' },
      ].map((rule) => ({ ...rule, folderUID: folderUid, ruleGroup: 'g' })),
    },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(200);
  return {
    server,
    clock,
    folderUid,
    receiver,
    evaluate: async (seconds = 10) => {
      clock.advance(seconds * 1000);
      await server.alertScheduler.tick(clock.now());
      await server.alertDispatcher.tick(clock.now());
    },
    ruleUid: async (title) => {
      const rules = await call(server, 'GET', '/api/v1/provisioning/alert-rules', { as: ADMIN });
      return (rules.body as { uid: string; title: string }[]).find((r) => r.title === title)!.uid;
    },
  };
}

describe('alert rule pages in Chromium', () => {
  it('lists rules by folder and group with state badges and instances; filters; pauses; deletes after confirming', async () => {
    const { server, evaluate, ruleUid, folderUid } = await world();
    // A rule another API client provisioned: shown, but not for changing here.
    const provisioned = await call(server, 'POST', '/api/v1/provisioning/alert-rules', {
      as: ADMIN,
      body: {
        ...csvRule(await dsUidOf(server), 'Owned elsewhere', 'room,value\nx,1'),
        folderUID: folderUid,
        ruleGroup: 'p',
      },
    });
    expect(provisioned.status, JSON.stringify(provisioned.body)).toBe(201);
    await evaluate(0);
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/list');
      const owned = page.locator('tr[data-rule="Owned elsewhere"]');
      await eventually(() => owned.textContent()).toContain('Provisioned');
      expect(await owned.getByRole('button', { name: /^(Pause|Delete)/ }).count()).toBe(0);
      expect(await owned.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
      const hot = page.locator('tr[data-rule="Hot rooms"]');
      const quiet = page.locator('tr[data-rule="Quiet"]');
      await eventually(() => hot.locator('.state-badge').textContent()).toBe('Firing');
      expect(await quiet.locator('.state-badge').textContent()).toBe('Normal');
      const empty = page.locator('tr[data-rule="Empty"]');
      expect(await empty.locator('.state-badge').textContent()).toBe('NoData');
      const folder = page.getByRole('region', { name: 'Folder Rooms' });
      expect(await folder.getByRole('region', { name: 'Group g' }).locator('tr[data-rule]').count()).toBe(4);
      const slow = page.locator('tr[data-rule="Slow"]');
      expect(await slow.locator('.state-badge').textContent()).toBe('Pending');
      expect(await hot.locator('[data-health]').textContent()).toBe('ok');
      expect(await hot.textContent()).not.toContain('Never');
      // The top bar's Alerting leads here, Grafana's alerting home.
      expect(await page.getByRole('link', { name: 'Alerting', exact: true }).getAttribute('href')).toBe(
        '/alerting/list',
      );

      // Expanding shows the instances with their labels and values.
      await hot.getByRole('button', { name: /instances of Hot rooms/ }).click();
      const instances = page.locator('.alert-instances tbody tr');
      await eventually(() => instances.count()).toBe(3);
      const lab = page.locator('.alert-instances tr', { hasText: 'room=lab' });
      expect(await lab.locator('.state-badge').textContent()).toBe('Firing');
      expect(await lab.textContent()).toContain('team=ops');
      expect(await lab.textContent()).toContain('alertname=Hot rooms');
      expect(await lab.locator('.instance-value').textContent()).toBe('A: 5.000000e+01, C: 1.000000e+00');
      const cellar = page.locator('.alert-instances tr', { hasText: 'room=cellar' });
      expect(await cellar.locator('.state-badge').textContent()).toBe('Normal');
      await screenshot(page, 'alert-rules-list');

      // Filters: state, label matcher, contact point, search text.
      await page.getByLabel('State').selectOption('Firing');
      await eventually(() => quiet.count()).toBe(0);
      expect(await hot.count()).toBe(1);
      expect(await empty.count()).toBe(0);
      // The filter is in the address: a reload keeps it.
      expect(new URL(page.url()).searchParams.get('state')).toBe('Firing');
      await page.reload();
      await eventually(() => hot.count()).toBe(1);
      expect(await quiet.count()).toBe(0);
      expect(await page.getByLabel('State').inputValue()).toBe('Firing');
      await page.getByLabel('State').selectOption('NoData');
      await eventually(() => hot.count()).toBe(0);
      expect(await empty.count()).toBe(1);
      await page.getByLabel('State').selectOption('');
      await page.getByLabel('Labels').fill('team=dev');
      await eventually(() => hot.count()).toBe(0);
      expect(await quiet.count()).toBe(1);
      await page.getByLabel('Labels').fill('room=~ha.*');
      await eventually(() => hot.count()).toBe(1);
      expect(await quiet.count()).toBe(0);
      await page.getByLabel('Labels').fill('');
      await page.getByLabel('Contact point').selectOption('dev-hook');
      await eventually(() => hot.count()).toBe(0);
      expect(await quiet.count()).toBe(1);
      await page.getByLabel('Contact point').selectOption('ops-hook');
      await eventually(() => hot.count()).toBe(1);
      expect(await quiet.count()).toBe(0);
      await page.getByLabel('Contact point').selectOption('');
      await page.getByLabel('Search').fill('qui');
      await eventually(() => hot.count()).toBe(0);
      expect(await quiet.count()).toBe(1);
      await page.getByLabel('Search').fill('');

      // A minute later Slow's pending period is over: Firing.
      await evaluate(60);
      await page.reload();
      await eventually(() => slow.locator('.state-badge').textContent()).toBe('Firing');

      // Pause: the API reports it; resume again.
      const hotUid = await ruleUid('Hot rooms');
      await hot.getByRole('button', { name: 'Pause Hot rooms' }).click();
      await eventually(
        async () =>
          (await call(server, 'GET', `/api/v1/provisioning/alert-rules/${hotUid}`, { as: ADMIN })).body
            .isPaused,
      ).toBe(true);
      await eventually(() => hot.textContent()).toContain('Paused');
      await hot.getByRole('button', { name: 'Resume Hot rooms' }).click();
      await eventually(
        async () =>
          (await call(server, 'GET', `/api/v1/provisioning/alert-rules/${hotUid}`, { as: ADMIN })).body
            .isPaused,
      ).toBe(false);

      // Delete asks first; Cancel keeps the rule, the dialog's Delete removes it.
      const quietUid = await ruleUid('Quiet');
      await quiet.getByRole('button', { name: 'Delete Quiet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete alert rule' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await dialog.count()).toBe(0);
      expect(
        (await call(server, 'GET', `/api/v1/provisioning/alert-rules/${quietUid}`, { as: ADMIN })).status,
      ).toBe(200);
      await quiet.getByRole('button', { name: 'Delete Quiet' }).click();
      await dialog.getByRole('button', { name: 'Delete rule' }).click();
      await eventually(() => quiet.count()).toBe(0);
      expect(
        (await call(server, 'GET', `/api/v1/provisioning/alert-rules/${quietUid}`, { as: ADMIN })).status,
      ).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a rule with its state history, instances and notifications; silences an instance from it, previewing the matchers; edits and expires the silence', async () => {
    const { server, evaluate, ruleUid, receiver } = await world();
    await evaluate(0);
    // group_wait (30 s) passes: the dispatcher sends the group to ops-hook.
    await evaluate(40);
    // one notification per group: Hot rooms, and Empty's DatasourceNoData
    await receiver.waitFor(2);
    const uid = await ruleUid('Hot rooms');
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, `/alerting/grafana/${uid}/view`);
      const summary = page.getByRole('region', { name: 'Rule summary' });
      await eventually(() => summary.locator('.state-badge').textContent()).toBe('Firing');
      expect(await summary.textContent()).toContain('Through the notification policies');
      expect(await summary.textContent()).toContain('team=ops');

      // History: lab and hall went Normal → Firing (two bars, one per firing instance at least).
      const history = page.getByRole('region', { name: 'State history' });
      await eventually(() => history.locator('tr[data-transition="Normal->Firing"]').count()).toBe(2);
      expect(await history.locator('.state-timeline').count()).toBeGreaterThanOrEqual(2);

      const notifications = page.getByRole('region', { name: 'Notifications' });
      await eventually(() => notifications.locator('tr[data-receiver="ops-hook"]').count()).toBeGreaterThan(
        0,
      );
      expect(await notifications.locator('tr[data-receiver="ops-hook"]').first().textContent()).toMatch(
        /webhook2 firing, 0 resolvedSent/,
      );
      await screenshot(page, 'alert-rule-detail');

      // "Silence" on the lab instance: a new silence with its labels as = matchers.
      const instances = page.getByRole('region', { name: 'Instances' });
      await instances.locator('tr', { hasText: 'room=lab' }).getByRole('link', { name: 'Silence' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/silence/new');
      await eventually(() => page.getByLabel('Matcher 3 value').inputValue()).toBe('lab');
      expect(await page.getByLabel('Matcher 3 label').inputValue()).toBe('room');
      expect(await page.getByLabel('Matcher 3 operator').inputValue()).toBe('=');
      const preview = page.getByRole('region', { name: 'Affected alerts' });
      await eventually(() => preview.getByRole('status').textContent()).toBe('1 alert matches');
      // Widening room to a regex previews both firing rooms, then back to lab.
      await page.getByLabel('Matcher 3 operator').selectOption('=~');
      await page.getByLabel('Matcher 3 value').fill('lab|hall');
      await eventually(() => preview.getByRole('status').textContent()).toBe('2 alerts match');
      await page.getByLabel('Matcher 3 operator').selectOption('=');
      await page.getByLabel('Matcher 3 value').fill('lab');
      await eventually(() => preview.getByRole('status').textContent()).toBe('1 alert matches');
      await page.getByLabel('Comment').fill('lab maintenance');
      await screenshot(page, 'alert-silence-editor');
      await page.getByRole('button', { name: 'Save silence' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/silences');

      const listed = await call(server, 'GET', '/api/alertmanager/grafana/api/v2/silences', { as: ADMIN });
      expect(listed.body).toHaveLength(1);
      const silence = listed.body[0];
      expect(silence).toMatchObject({
        comment: 'lab maintenance',
        createdBy: 'admin',
        status: { state: 'active' },
      });
      expect(
        [...silence.matchers].sort((a: { name: string }, b: { name: string }) =>
          a.name.localeCompare(b.name),
        ),
      ).toEqual([
        { name: 'alertname', value: 'Hot rooms', isEqual: true, isRegex: false },
        { name: 'grafana_folder', value: 'Rooms', isEqual: true, isRegex: false },
        { name: 'room', value: 'lab', isEqual: true, isRegex: false },
        { name: 'team', value: 'ops', isEqual: true, isRegex: false },
      ]);
      const active = page.getByRole('region', { name: 'Active silences' });
      const silenceRow = active.locator(`tr[data-silence="${silence.id}"]`);
      await eventually(() => silenceRow.count()).toBe(1);
      expect(await silenceRow.textContent()).toContain('room="lab"');
      // It suppresses the one lab alert.
      expect(await silenceRow.locator('[data-silenced-alerts]').textContent()).toBe('1');

      // The Alertmanager suppresses the lab alert; the rule list shows it silenced, hall not.
      const alerts = await call(
        server,
        'GET',
        '/api/alertmanager/grafana/api/v2/alerts?filter=room%3D%22lab%22',
        {
          as: ADMIN,
        },
      );
      expect(alerts.body[0].status).toMatchObject({ state: 'suppressed', silencedBy: [silence.id] });
      await page.getByRole('link', { name: 'Alert rules' }).click();
      await page
        .locator('tr[data-rule="Hot rooms"]')
        .getByRole('button', { name: /instances of Hot rooms/ })
        .click();
      await eventually(() =>
        page.locator('.alert-instances tr', { hasText: 'room=lab' }).textContent(),
      ).toContain('Silenced');
      expect(await page.locator('.alert-instances tr', { hasText: 'room=hall' }).textContent()).not.toContain(
        'Silenced',
      );

      // Edit the comment (same matchers, active: changed in place), then expire it.
      await page.getByRole('link', { name: 'Silences' }).click();
      await page.locator(`tr[data-silence="${silence.id}"]`).getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(/\/alerting\/silence\/.+\/edit$/);
      await eventually(() => page.getByLabel('Comment').inputValue()).toBe('lab maintenance');
      await page.getByLabel('Comment').fill('lab maintenance, longer');
      await page.getByRole('button', { name: 'Save silence' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/silences');
      await eventually(
        async () =>
          (await call(server, 'GET', `/api/alertmanager/grafana/api/v2/silence/${silence.id}`, { as: ADMIN }))
            .body.comment,
      ).toBe('lab maintenance, longer');
      await page.locator(`tr[data-silence="${silence.id}"]`).getByRole('button', { name: 'Expire' }).click();
      await eventually(
        async () =>
          (await call(server, 'GET', `/api/alertmanager/grafana/api/v2/silence/${silence.id}`, { as: ADMIN }))
            .body.status.state,
      ).toBe('expired');
      await eventually(() =>
        page
          .getByRole('region', { name: 'Expired silences' })
          .locator(`tr[data-silence="${silence.id}"]`)
          .count(),
      ).toBe(1);
      await screenshot(page, 'alert-silences');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a Viewer rules, their instances, a rule, silences, alert groups and mute timings without any change control; the list refreshes itself; the API refuses the Viewer a write', async () => {
    const { server, evaluate, ruleUid } = await world();
    await evaluate(0);
    const uid = await ruleUid('Hot rooms');
    const created = await call(server, 'POST', '/api/alertmanager/grafana/api/v2/silences', {
      as: ADMIN,
      body: {
        matchers: [{ name: 'room', value: 'hall', isEqual: true, isRegex: false }],
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3600_000).toISOString(),
        createdBy: 'admin',
        comment: 'hall is fine',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const nights = await call(server, 'POST', '/api/v1/provisioning/mute-timings', {
      as: ADMIN,
      headers: NO_PROVENANCE,
      body: { name: 'nights', time_intervals: [{ times: [{ start_time: '22:00', end_time: '24:00' }] }] },
    });
    expect(nights.status, JSON.stringify(nights.body)).toBe(201);
    const viewer = await createUser(server, { login: 'rules-viewer' });
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/list', viewer.login, viewer.password);
      const hot = page.locator('tr[data-rule="Hot rooms"]');
      await eventually(() => hot.locator('.state-badge').textContent()).toBe('Firing');
      await hot.getByRole('button', { name: /instances of Hot rooms/ }).click();
      await eventually(() => page.locator('.alert-instances tbody tr').count()).toBe(3);
      expect(await page.getByRole('link', { name: 'New alert rule' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Pause|Resume|Delete)/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /^(Edit( |$)|Silence$)/ }).count()).toBe(0);
      await screenshot(page, 'alert-rules-viewer');

      // The list asks again on its own: a pause made elsewhere shows up without a reload.
      const stored = await call(server, 'GET', `/api/v1/provisioning/alert-rules/${uid}`, { as: ADMIN });
      const paused = await call(server, 'PUT', `/api/v1/provisioning/alert-rules/${uid}`, {
        as: ADMIN,
        headers: NO_PROVENANCE,
        body: { ...stored.body, isPaused: true },
      });
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      await expect.poll(() => hot.textContent(), { timeout: 25_000 }).toContain('Paused');
      const resumed = await call(server, 'PUT', `/api/v1/provisioning/alert-rules/${uid}`, {
        as: ADMIN,
        headers: NO_PROVENANCE,
        body: { ...stored.body, isPaused: false },
      });
      expect(resumed.status).toBe(200);

      await page.goto(`/alerting/grafana/${uid}/view`);
      await eventually(() =>
        page.getByRole('region', { name: 'Rule summary' }).locator('.state-badge').textContent(),
      ).toBe('Firing');
      expect(await page.getByRole('link', { name: /^(Edit( |$)|Silence$)/ }).count()).toBe(0);

      await page.getByRole('link', { name: 'Silences' }).click();
      await eventually(() => page.locator(`tr[data-silence="${created.body.silenceID}"]`).count()).toBe(1);
      expect(await page.getByRole('link', { name: /^(Add silence|Edit|Recreate)/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Expire' }).count()).toBe(0);
      await page.goto(`/alerting/silence/${created.body.silenceID}/edit`);
      await eventually(() => page.getByLabel('Comment').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save silence' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Alert groups' }).click();
      await eventually(() => page.getByRole('region', { name: 'Contact point ops-hook' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Silence', exact: true }).count()).toBe(0);

      await page.getByRole('link', { name: 'Mute timings' }).click();
      const timing = page.locator('tr[data-mute-timing="nights"]');
      await eventually(() => timing.count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Add mute timing' }).count()).toBe(0);
      expect(await timing.getByRole('button', { name: /Delete/ }).count()).toBe(0);
      await timing.getByRole('link', { name: 'View nights' }).click();
      await eventually(() => page.getByLabel('Name').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save mute timing' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The server agrees: the Viewer's writes are refused.
    const pause = await call(server, 'PUT', `/api/v1/provisioning/alert-rules/${uid}`, {
      as: viewer.as,
      headers: NO_PROVENANCE,
      body: {
        ...(await call(server, 'GET', `/api/v1/provisioning/alert-rules/${uid}`, { as: ADMIN })).body,
        isPaused: true,
      },
    });
    expect(pause.status).toBe(403);
    const remove = await call(server, 'DELETE', `/api/v1/provisioning/alert-rules/${uid}`, { as: viewer.as });
    expect(remove.status).toBe(403);
    const silence = await call(server, 'POST', '/api/alertmanager/grafana/api/v2/silences', {
      as: viewer.as,
      body: {
        matchers: [{ name: 'room', value: 'lab', isEqual: true, isRegex: false }],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 3600_000).toISOString(),
      },
    });
    expect(silence.status).toBe(403);
    expect(
      (await call(server, 'GET', `/api/v1/provisioning/alert-rules/${uid}`, { as: ADMIN })).body.isPaused,
    ).toBe(false);
  });

  it('shows the alert groups per contact point; edits mute timings (inline server errors, two intervals) and deletes one after confirming', async () => {
    const { server, evaluate } = await world();
    await evaluate(0);
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/groups');
      const ops = page.getByRole('region', { name: 'Contact point ops-hook' });
      // Hot rooms, and Empty's DatasourceNoData alert in a group of its own.
      await eventually(() => ops.locator('[data-group]').count()).toBe(2);
      expect(await ops.locator('[data-group]', { hasText: 'alertname=DatasourceNoData' }).count()).toBe(1);
      const group = ops.locator('[data-group]', { hasText: 'alertname=Hot rooms' }).first();
      expect(await group.locator('h3').textContent()).toBe(
        'alertname=Hot roomsgrafana_folder=Rooms 2 alerts',
      );
      expect(await group.locator('tbody tr', { hasText: 'room=lab' }).count()).toBe(1);
      expect(await group.locator('tbody tr', { hasText: 'room=hall' }).count()).toBe(1);
      expect(await page.getByRole('region', { name: 'Contact point dev-hook' }).count()).toBe(0);
      await screenshot(page, 'alert-groups');

      await page.getByRole('link', { name: 'Mute timings' }).click();
      await eventually(() => page.getByText('No mute timings yet.').count()).toBe(1);
      await page.getByRole('link', { name: 'Add mute timing' }).click();
      await page.getByLabel('Name').fill('office hours');
      const first = page.getByRole('group', { name: 'Time interval 1' });
      await first.getByLabel('Times').fill('09:00-17:00');
      await first.getByLabel('Weekdays').fill('monday:friday, funday');
      await first.getByLabel('Location').fill('Europe/Berlin');
      await page.getByRole('button', { name: 'Save mute timing' }).click();
      // The server's message names the field it refused; nothing is saved.
      await eventually(() => page.getByRole('alert').textContent()).toMatch(
        /^Could not save the mute timing: .*funday/,
      );
      expect((await call(server, 'GET', '/api/v1/provisioning/mute-timings', { as: ADMIN })).body).toEqual(
        [],
      );
      await first.getByLabel('Weekdays').fill('monday:friday');
      await page.getByRole('button', { name: 'Add time interval' }).click();
      const second = page.getByRole('group', { name: 'Time interval 2' });
      await second.getByLabel('Days of the month').fill('1:5, -1');
      await second.getByLabel('Months').fill('december');
      await second.getByLabel('Years').fill('2026');
      await screenshot(page, 'alert-mute-timing-editor');
      await page.getByRole('button', { name: 'Save mute timing' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/mute-timings');
      const stored = await call(server, 'GET', '/api/v1/provisioning/mute-timings/office%20hours', {
        as: ADMIN,
      });
      expect(stored.status).toBe(200);
      expect(stored.body.time_intervals).toEqual([
        {
          times: [{ start_time: '09:00', end_time: '17:00' }],
          weekdays: ['monday:friday'],
          location: 'Europe/Berlin',
        },
        { days_of_month: ['1:5', '-1'], months: ['december'], years: ['2026'] },
      ]);
      expect(stored.body.provenance).toBeUndefined();
      const row = page.locator('tr[data-mute-timing="office hours"]');
      await eventually(() => row.textContent()).toContain('09:00-17:00 · monday:friday · Europe/Berlin');

      // Edit: drop the first interval.
      await row.getByRole('link', { name: 'Edit office hours' }).click();
      await eventually(() =>
        page.getByRole('group', { name: 'Time interval 1' }).getByLabel('Times').inputValue(),
      ).toBe('09:00-17:00');
      await page.getByRole('button', { name: 'Remove time interval 1' }).click();
      await page.getByRole('button', { name: 'Save mute timing' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/mute-timings');
      expect(
        (await call(server, 'GET', '/api/v1/provisioning/mute-timings/office%20hours', { as: ADMIN })).body
          .time_intervals,
      ).toEqual([{ days_of_month: ['1:5', '-1'], months: ['december'], years: ['2026'] }]);

      await row.getByRole('button', { name: 'Delete office hours' }).click();
      await row.getByRole('button', { name: 'Confirm delete' }).click();
      await eventually(() => row.count()).toBe(0);
      expect(
        (await call(server, 'GET', '/api/v1/provisioning/mute-timings/office%20hours', { as: ADMIN })).status,
      ).toBe(404);
      expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
