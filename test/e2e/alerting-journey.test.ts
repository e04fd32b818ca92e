import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { startScrapedGauge, type ScrapedGauge } from '../helpers/alert-engine.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createUser } from '../helpers/factories.js';
import { startHttpReceiver, type HttpReceiver } from '../helpers/peers/http-receiver.js';
import { screenshot } from './browser.js';
import { labFolderAndPrometheus, ok } from './seed.js';
import { newPage, openSignedIn, useChromium, waitForPanels } from './session.js';

// Issue #19's journey in one chain: a rule made from a dashboard panel over a real Prometheus
// (scraping a gauge the test sets) goes Pending then Firing, its notification reaches a webhook
// contact point and shows on the rule's page, a silence made from the alert instance suppresses
// it, and when the gauge drops the rule resolves without a resolved notification (Alertmanager
// drops a silenced alert from the notification, resolved or not). A Viewer then sees the same
// pages without any control to change them. A second test silences a NoData alert from its
// instance: the silence takes the labels the Alertmanager got (alertname DatasourceNoData).
//
// The server runs on a manual clock started at the real time: the test evaluates the rules
// (scheduler tick) and flushes the notification groups (dispatcher tick) when it wants, so the
// 30 s group wait and 5 min group interval cost no real time.

useChromium({ hookTimeout: 300_000, page: { stepTimeout: 15_000 } });

const METRIC = 'svc_journey_temperature';
const BASE = 10_000;
const NO_PROVENANCE = { 'X-Disable-Provenance': 'true' };
let gauge: ScrapedGauge;
let receiver: HttpReceiver;

beforeAll(async () => {
  [gauge, receiver] = await Promise.all([startScrapedGauge(METRIC, 20), startHttpReceiver()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([gauge?.stop(), receiver?.close()]);
});

/** Polls until the UI settles (the machine running the tests may be busy). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** Folder "Lab", a Prometheus data source, the "journey hook" webhook and a dashboard with one panel. */
async function world(server: TestServer) {
  const { folderUid, dsUid } = await labFolderAndPrometheus(server, gauge.prometheus.url);
  await ok(
    call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      headers: NO_PROVENANCE,
      body: { name: 'journey hook', type: 'webhook', settings: { url: `${receiver.url}/journey` } },
    }),
    202,
  );
  await ok(
    call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: {
        dashboard: {
          uid: 'journey',
          title: 'Lab journey',
          time: { from: 'now-15m', to: 'now' },
          panels: [
            {
              id: 3,
              type: 'timeseries',
              title: 'Room temperature',
              gridPos: { x: 0, y: 0, w: 12, h: 8 },
              datasource: { type: 'prometheus', uid: dsUid },
              targets: [
                { refId: 'A', expr: METRIC, range: true, datasource: { type: 'prometheus', uid: dsUid } },
              ],
            },
          ],
          schemaVersion: 39,
        },
      },
    }),
  );
  return { folderUid, dsUid };
}

const stateOf = (page: Page) => page.locator('tr[data-rule="Room temperature"] .state-badge');

describe('alerting in the browser, end to end', () => {
  it('panel → rule → Pending → Firing → webhook and deliveries → silence from the instance → resolved while silenced sends nothing; a Viewer only looks', async () => {
    await gauge.set(20);
    // at the next 10 s boundary: every evaluation reads what Prometheus has scraped by then
    const clock = new ManualClock(Math.ceil(Date.now() / BASE) * BASE);
    const server = await startTestServer({ clock });
    const { folderUid } = await world(server);
    /** One evaluation of every rule, at the next 10 s tick (never behind the real time), then a dispatcher tick. */
    const evaluate = async () => {
      const time = Math.max(clock.now() + BASE, Math.ceil((Date.now() + 1) / BASE) * BASE);
      clock.advance(time - clock.now());
      await server.alertScheduler.tick(time);
      await server.alertDispatcher.tick(time);
    };
    /** Moves the clock `ms` on and lets the dispatcher flush what is due (no evaluation). */
    const dispatchAfter = async (ms: number) => {
      clock.advance(ms);
      await server.alertDispatcher.tick(clock.now());
    };
    const viewer = await createUser(server, { orgRole: 'Viewer', login: 'journey-viewer' });

    const admin = await newPage(server);
    const { page } = admin;
    let ruleUid: string;
    let silenceId: string;
    try {
      // 1. The panel's menu: "Create alert rule from this panel", prefilled with its query.
      await openSignedIn(page, '/d/journey');
      await waitForPanels(page);
      await page.getByRole('button', { name: 'Menu of panel Room temperature' }).click();
      await page.getByRole('menuitem', { name: 'Create alert rule from this panel' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/new');
      await eventually(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Room temperature');
      expect(await page.getByRole('group', { name: 'Query A' }).getByLabel('PromQL query').inputValue()).toBe(
        METRIC,
      );
      await page.getByLabel('C threshold', { exact: true }).fill('30');
      await page.getByLabel('Folder', { exact: true }).selectOption(folderUid);
      await page
        .getByLabel('Evaluation group', { exact: true })
        .selectOption({ label: 'New evaluation group…' });
      await page.getByLabel('New group name').fill('journey');
      await page.getByLabel('Evaluation interval').fill('10s');
      await page.getByLabel('Pending period').fill('10s');
      await page.getByLabel('Select contact point').check();
      await page.getByLabel('Contact point', { exact: true }).selectOption('journey hook');
      await page.getByRole('button', { name: 'Save rule and exit' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/list');

      const [rule] = await ok<Record<string, any>[]>(
        call(server, 'GET', '/api/v1/provisioning/alert-rules', { as: ADMIN }),
      );
      expect(rule).toMatchObject({
        title: 'Room temperature',
        folderUID: folderUid,
        ruleGroup: 'journey',
        for: '10s',
        notification_settings: { receiver: 'journey hook' },
        annotations: { __dashboardUid__: 'journey', __panelId__: '3' },
      });
      ruleUid = rule!.uid as string;

      // 2. The rules list: Normal at 20 degrees; at 35 Pending, Firing once the 10 s have passed.
      await evaluate();
      await page.reload();
      await eventually(() => stateOf(page).textContent()).toBe('Normal');
      await gauge.set(35);
      await evaluate();
      await page.reload();
      await eventually(() => stateOf(page).textContent()).toBe('Pending');
      expect(receiver.requests).toHaveLength(0);
      await evaluate();
      await page.reload();
      await eventually(() => stateOf(page).textContent()).toBe('Firing');
      await screenshot(page, 'journey-firing');

      // 3. After the group wait the webhook gets the firing alert; the rule's page lists the delivery.
      expect(receiver.requests).toHaveLength(0);
      await dispatchAfter(30_000);
      const [firing] = await receiver.waitFor(1);
      expect(firing!.path).toBe('/journey');
      expect(firing!.json).toMatchObject({ receiver: 'journey hook', status: 'firing' });
      expect(firing!.json.alerts).toHaveLength(1);
      expect(firing!.json.alerts[0]).toMatchObject({
        status: 'firing',
        labels: { alertname: 'Room temperature', grafana_folder: 'Lab', room: 'lab' },
      });

      await page
        .locator('tr[data-rule="Room temperature"]')
        .getByRole('link', { name: 'Room temperature', exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === `/alerting/grafana/${ruleUid}/view`);
      const summary = page.getByRole('region', { name: 'Rule summary' });
      await eventually(() => summary.locator('.state-badge').textContent()).toBe('Firing');
      const deliveries = page
        .getByRole('region', { name: 'Notifications' })
        .locator('tr[data-receiver="journey hook"]');
      await eventually(() => deliveries.count()).toBe(1);
      expect(await deliveries.textContent()).toMatch(/webhook1 firing, 0 resolvedSent/);
      const history = page.getByRole('region', { name: 'State history' });
      expect(await history.locator('tr[data-transition="Normal->Pending"]').count()).toBe(1);
      expect(await history.locator('tr[data-transition="Pending->Firing"]').count()).toBe(1);

      // 4. "Silence" on the instance: the silence editor holds the instance's labels as = matchers.
      const instances = page.getByRole('region', { name: 'Instances' });
      const lab = instances.locator('tr', { hasText: 'room=lab' });
      expect(await lab.textContent()).not.toContain('Silenced');
      await lab.getByRole('link', { name: 'Silence' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/silence/new');
      const promAlerts = await ok<{ data: { alerts: { labels: Record<string, string> }[] } }>(
        call(server, 'GET', '/api/prometheus/grafana/api/v1/alerts', { as: ADMIN }),
      );
      expect(promAlerts.data.alerts).toHaveLength(1);
      // every label of the instance but the simplified routing's private __grafana_*__ ones (Grafana's)
      const all = promAlerts.data.alerts[0]!.labels;
      expect(Object.keys(all).some((name) => name.startsWith('__grafana'))).toBe(true);
      const labels = Object.fromEntries(Object.entries(all).filter(([name]) => !name.startsWith('__')));
      expect(labels).toMatchObject({ alertname: 'Room temperature', room: 'lab' });
      const names = Object.keys(labels).sort();
      await eventually(() => page.getByLabel(`Matcher ${names.length} label`).inputValue()).toBe(
        names.at(-1),
      );
      const prefilled: Record<string, string> = {};
      for (let n = 1; n <= names.length; n++) {
        expect(await page.getByLabel(`Matcher ${n} operator`).inputValue()).toBe('=');
        prefilled[await page.getByLabel(`Matcher ${n} label`).inputValue()] = await page
          .getByLabel(`Matcher ${n} value`)
          .inputValue();
      }
      expect(prefilled).toEqual(labels);
      expect(await page.getByLabel(`Matcher ${names.length + 1} label`).count()).toBe(0);
      const preview = page.getByRole('region', { name: 'Affected alerts' });
      await eventually(() => preview.getByRole('status').textContent()).toBe('1 alert matches');
      await page.getByLabel('Comment').fill('lab is being aired');
      await page.getByRole('button', { name: 'Save silence' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/silences');

      const silences = await ok<Record<string, any>[]>(
        call(server, 'GET', '/api/alertmanager/grafana/api/v2/silences', { as: ADMIN }),
      );
      expect(silences).toHaveLength(1);
      expect(silences[0]).toMatchObject({ comment: 'lab is being aired', status: { state: 'active' } });
      silenceId = silences[0]!.id as string;
      const silenceRow = page
        .getByRole('region', { name: 'Active silences' })
        .locator(`tr[data-silence="${silenceId}"]`);
      await eventually(() => silenceRow.locator('[data-silenced-alerts]').textContent()).toBe('1');
      expect(await silenceRow.getByRole('button', { name: 'Expire' }).count()).toBe(1);
      expect(await silenceRow.getByRole('link', { name: 'Edit' }).count()).toBe(1);

      // 5. The alert is suppressed: the Alertmanager says so, the rule's instance shows it.
      const amAlerts = await ok<Record<string, any>[]>(
        call(server, 'GET', '/api/alertmanager/grafana/api/v2/alerts', { as: ADMIN }),
      );
      expect(amAlerts).toHaveLength(1);
      expect(amAlerts[0]!.status).toMatchObject({ state: 'suppressed', silencedBy: [silenceId] });
      await page.goto(`/alerting/grafana/${ruleUid}/view`);
      await eventually(() => lab.textContent()).toContain('Silenced');
      expect(await lab.locator('.state-badge').textContent()).toBe('Firing');
      await screenshot(page, 'journey-silenced');

      // 6. The gauge drops: Normal, and the resolve is not sent while the silence holds — not at
      // the group's next flush (group_interval 5 m after the first), nor at the one after.
      await gauge.set(10);
      await evaluate();
      await page.goto('/alerting/list');
      await eventually(() => stateOf(page).textContent()).toBe('Normal');
      // what the Viewer must not get, the admin has on the list
      const listed = page.locator('tr[data-rule="Room temperature"]');
      expect(await listed.getByRole('button', { name: /^(Pause|Delete)/ }).count()).toBe(2);
      expect(await listed.getByRole('link', { name: /^Edit / }).count()).toBe(1);
      await dispatchAfter(5 * 60_000);
      await dispatchAfter(5 * 60_000);
      expect(
        (
          await ok(
            call(server, 'GET', `/api/alertmanager/grafana/api/v2/silence/${silenceId}`, { as: ADMIN }),
          )
        ).status.state,
      ).toBe('active');
      expect(receiver.requests.map((r) => r.json?.status)).toEqual(['firing']);
      await page.goto(`/alerting/grafana/${ruleUid}/view`);
      await eventually(() => summary.locator('.state-badge').textContent()).toBe('Normal');
      expect(await history.locator('tr[data-transition="Firing->Normal"]').count()).toBe(1);
      expect(await deliveries.count()).toBe(1);
      expect(await deliveries.textContent()).toMatch(/1 firing, 0 resolved/);
      // what the Viewer must not get, the admin has here
      expect(await summary.getByRole('link', { name: 'Edit' }).count()).toBe(1);
      expect(await instances.getByRole('link', { name: 'Silence' }).count()).toBe(1);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }

    // 7. A Viewer: the same pages, no control to change anything.
    const { context, page: seen, errors } = await newPage(server);
    try {
      await openSignedIn(seen, '/alerting/list', viewer.login, viewer.password);
      const row = seen.locator('tr[data-rule="Room temperature"]');
      await eventually(() => row.locator('.state-badge').textContent()).toBe('Normal');
      await row.getByRole('button', { name: /instances? of Room temperature/ }).click();
      await eventually(() => seen.locator('.alert-instances tbody tr').count()).toBe(1);
      expect(await seen.getByRole('link', { name: 'New alert rule' }).count()).toBe(0);
      expect(await seen.getByRole('button', { name: /^(Pause|Resume|Delete)/ }).count()).toBe(0);
      expect(await seen.getByRole('link', { name: /^(Edit( |$)|Silence$)/ }).count()).toBe(0);

      await row.getByRole('link', { name: 'Room temperature', exact: true }).click();
      await seen.waitForURL((url) => url.pathname === `/alerting/grafana/${ruleUid}/view`);
      const summary = seen.getByRole('region', { name: 'Rule summary' });
      await eventually(() => summary.locator('.state-badge').textContent()).toBe('Normal');
      await eventually(() =>
        seen.getByRole('region', { name: 'Instances' }).locator('tbody tr').count(),
      ).toBe(1);
      expect(await seen.getByRole('link', { name: /^(Edit( |$)|Silence$)/ }).count()).toBe(0);
      expect(await seen.getByRole('button', { name: /^(Pause|Resume|Delete)/ }).count()).toBe(0);

      await seen.getByRole('link', { name: 'Silences' }).click();
      const silenceRow = seen.locator(`tr[data-silence="${silenceId}"]`);
      await eventually(() => silenceRow.count()).toBe(1);
      expect(await silenceRow.textContent()).toContain('room="lab"');
      expect(await seen.getByRole('link', { name: /^(Add silence|Edit|Recreate)/ }).count()).toBe(0);
      expect(await seen.getByRole('button', { name: 'Expire' }).count()).toBe(0);

      await seen.goto('/d/journey');
      await waitForPanels(seen);
      expect(await seen.getByRole('region', { name: 'Room temperature' }).count()).toBe(1);
      expect(await seen.getByRole('button', { name: 'Menu of panel Room temperature' }).count()).toBe(0);
      await screenshot(seen, 'journey-viewer');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
  it('silences a NoData alert by the labels it was sent with: alertname DatasourceNoData, the title in rulename', async () => {
    const clock = new ManualClock(Date.now());
    const server = await startTestServer({ clock });
    const folder = await ok(call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Rooms' } }));
    const ds = await ok<{ datasource: { uid: string } }>(
      call(server, 'POST', '/api/datasources', {
        as: ADMIN,
        body: { name: 'testdata', type: 'testdata', url: 'http://testdata.invalid', access: 'proxy' },
      }),
    );
    // A testdata query without rows: NoData, kept as the NoData state.
    await ok(
      call(server, 'PUT', `/api/v1/provisioning/folder/${folder.uid as string}/rule-groups/g`, {
        as: ADMIN,
        headers: NO_PROVENANCE,
        body: {
          title: 'g',
          interval: 10,
          rules: [
            {
              title: 'Empty room',
              folderUID: folder.uid,
              ruleGroup: 'g',
              condition: 'C',
              for: '0s',
              noDataState: 'NoData',
              execErrState: 'Error',
              labels: { team: 'ops' },
              data: [
                {
                  refId: 'A',
                  relativeTimeRange: { from: 300, to: 0 },
                  datasourceUid: ds.datasource.uid,
                  model: { refId: 'A', scenarioId: 'csv_content', csvContent: 'room,value' },
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
            },
          ],
        },
      }),
    );
    clock.advance(BASE);
    await server.alertScheduler.tick(clock.now());
    await server.alertDispatcher.tick(clock.now());
    const [rule] = await ok<Record<string, any>[]>(
      call(server, 'GET', '/api/v1/provisioning/alert-rules', { as: ADMIN }),
    );
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, `/alerting/grafana/${rule!.uid as string}/view`);
      const instance = page.getByRole('region', { name: 'Instances' }).locator('tbody tr');
      await eventually(() => instance.locator('.state-badge').textContent()).toBe('NoData');
      // the rule API names the instance after the rule …
      expect(await instance.textContent()).toContain('alertname=Empty room');
      await instance.getByRole('link', { name: 'Silence' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/silence/new');
      // … the silence takes the labels the Alertmanager got
      const prefilled: Record<string, string> = {};
      await eventually(() => page.getByLabel('Matcher 1 label').count()).toBe(1);
      for (let n = 1; (await page.getByLabel(`Matcher ${n} label`).count()) > 0; n++) {
        prefilled[await page.getByLabel(`Matcher ${n} label`).inputValue()] = await page
          .getByLabel(`Matcher ${n} value`)
          .inputValue();
      }
      expect(prefilled).toMatchObject({
        alertname: 'DatasourceNoData',
        rulename: 'Empty room',
        grafana_folder: 'Rooms',
        team: 'ops',
      });
      const preview = page.getByRole('region', { name: 'Affected alerts' });
      await eventually(() => preview.getByRole('status').textContent()).toBe('1 alert matches');
      await page.getByRole('button', { name: 'Save silence' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/silences');
      const alerts = await ok<Record<string, any>[]>(
        call(server, 'GET', '/api/alertmanager/grafana/api/v2/alerts', { as: ADMIN }),
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.labels).toMatchObject({ alertname: 'DatasourceNoData', rulename: 'Empty room' });
      expect(alerts[0]!.status.state).toBe('suppressed');
      // and the rule's page finds the sent alert again: the instance shows it silenced
      await page.goto(`/alerting/grafana/${rule!.uid as string}/view`);
      await eventually(() => instance.textContent()).toContain('Silenced');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
