import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { startScrapedGauge, type ScrapedGauge } from '../helpers/alert-engine.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { createUser } from '../helpers/factories.js';
import { screenshot } from './browser.js';
import { labFolderAndPrometheus, ok } from './seed.js';
import { newPage, openSignedIn, useChromium, waitForPanels } from './session.js';

// The alert rule editor against a real Prometheus scraping a gauge the test sets: rules made in
// the browser are checked through the provisioning API, and the scheduler is ticked by hand.

useChromium({ hookTimeout: 300_000, page: { stepTimeout: 15_000 } });

const METRIC = 'svc_re_temperature';
const BASE = 10_000;
let gauge: ScrapedGauge;

beforeAll(async () => {
  gauge = await startScrapedGauge(METRIC, 20);
}, 60_000);

afterAll(async () => {
  await gauge.stop();
});

/** Polls until the UI settles (the machine running the tests may be busy). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

const fieldError = (page: Page, field: string) => page.locator(`[data-field="${field}"] > .field-error`);

/** A folder and a Prometheus data source over the gauge's Prometheus. */
const world = (server: TestServer) => labFolderAndPrometheus(server, gauge.prometheus.url);

const rules = async (server: TestServer) =>
  ok<Record<string, any>[]>(call(server, 'GET', '/api/v1/provisioning/alert-rules', { as: ADMIN }));

async function saveDashboard(server: TestServer, dsUid: string) {
  await ok(
    call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: {
        dashboard: {
          uid: 're-dash',
          title: 'Lab dashboard',
          time: { from: 'now-15m', to: 'now' },
          panels: [
            {
              id: 7,
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
}

describe('the alert rule editor in Chromium', () => {
  it('checks required fields and a bad expression inline, previews against Prometheus, and saves a rule with all its settings', async () => {
    await gauge.set(20);
    const server = await startTestServer();
    const { folderUid, dsUid } = await world(server);
    await ok(
      call(server, 'POST', '/api/v1/provisioning/contact-points', {
        as: ADMIN,
        body: { name: 'oncall hook', type: 'webhook', settings: { url: 'http://127.0.0.1:9/hook' } },
      }),
      202,
    );
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/new');
      const queryA = page.getByRole('group', { name: 'Query A' });
      await eventually(() => queryA.count()).toBe(1);
      // Grafana's start: A on the default data source, B = last(A), C = B > 0 (the condition)
      expect(await page.getByLabel('Data source of query A').inputValue()).toBe(dsUid);
      expect(await page.getByRole('group', { name: 'Expression B' }).textContent()).toContain('Reduce');
      expect(await page.getByLabel('Alert condition', { exact: true }).inputValue()).toBe('C');

      // Nothing filled in: the browser names each missing field and sends nothing.
      await page.getByRole('button', { name: 'Save rule', exact: true }).click();
      await eventually(() => fieldError(page, 'title').textContent()).toBe('Name is required');
      expect(await fieldError(page, 'folder').textContent()).toBe('Folder is required');
      expect(await fieldError(page, 'group').textContent()).toBe('Evaluation group is required');
      expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await rules(server)).toEqual([]);

      await page.getByLabel('Name', { exact: true }).fill('Too hot');
      await queryA.getByLabel('PromQL query').fill(METRIC);
      await page.getByLabel('C threshold', { exact: true }).fill('30');

      // The live preview: A's series from Prometheus (graph and table), and which would fire.
      const previewA = page.getByRole('region', { name: 'Preview of A' });
      await eventually(() => previewA.locator('table').textContent()).toContain('room="lab"');
      expect(await previewA.getByRole('img', { name: 'Graph of A' }).count()).toBe(1);
      expect(await previewA.locator('polyline').count()).toBeGreaterThan(0);
      expect(await previewA.textContent()).toContain('20');
      const condition = page.getByRole('region', { name: 'Condition preview' });
      await eventually(() => condition.textContent()).toContain('0 of 1 series would fire');
      expect(await condition.locator('tr[data-state="Normal"]').textContent()).toContain('room="lab"');
      // a lower threshold: the same series would fire
      await page.getByLabel('C threshold', { exact: true }).fill('10');
      await eventually(() => condition.textContent()).toContain('1 of 1 series would fire');
      expect(await condition.locator('tr[data-state="Alerting"]').textContent()).toContain('Firing');
      await screenshot(page, 'rule-editor-preview');

      await page.getByLabel('Folder', { exact: true }).selectOption(folderUid);
      await page
        .getByLabel('Evaluation group', { exact: true })
        .selectOption({ label: 'New evaluation group…' });
      await page.getByLabel('New group name').fill('lab');
      await page.getByLabel('Evaluation interval').fill('20s');
      await page.getByLabel('Pending period').fill('30s');
      await page.getByLabel('Keep firing for').fill('1m');
      await page.getByLabel('Alert state if no data').selectOption('OK');
      await page.getByLabel('Alert state if execution error or timeout').selectOption('Alerting');
      await page.getByRole('button', { name: '+ Add label' }).click();
      await page.getByLabel('Label 1 key').fill('severity');
      await page.getByLabel('Label 1 value').fill('critical');
      await page.getByLabel('Select contact point').check();
      await page.getByLabel('Contact point', { exact: true }).selectOption('oncall hook');
      await page.getByLabel('Summary').fill('{{ $labels.room }} is hot');
      await page.getByLabel('Description').fill('The room is above the threshold');
      await page.getByLabel('Runbook URL').fill('https://runbooks.example.com/hot');

      // A math expression the server cannot parse: its message comes back under that expression.
      await page.getByLabel('Add expression').selectOption('math');
      const expressionD = page.getByRole('group', { name: 'Expression D' });
      await expressionD.getByLabel('D math expression').fill('$C +');
      await page.getByRole('button', { name: 'Save rule', exact: true }).click();
      await eventually(() => fieldError(page, 'query.D').textContent()).toContain('D: math expression');
      expect(await fieldError(page, 'query.D').textContent()).toMatch(/^invalid alert rule: /);
      expect(await rules(server)).toEqual([]);
      await screenshot(page, 'rule-editor-expression-error');

      await page.getByRole('button', { name: 'Remove D' }).click();
      await page.getByLabel('C threshold', { exact: true }).fill('30');
      await page.getByRole('button', { name: 'Save rule', exact: true }).click();
      await page.waitForURL((url) => /^\/alerting\/[^/]+\/edit$/.test(url.pathname));
      await eventually(() => page.getByRole('status').filter({ hasText: 'Alert rule saved' }).count()).toBe(
        1,
      );
      // the only failed requests: the save and the preview the bad expression provoked
      const provoked = (error: string) => error.includes('status of 400 (Bad Request)');
      expect(errors.filter((error) => !provoked(error))).toEqual([]);

      const [rule] = await rules(server);
      expect(rule).toMatchObject({
        title: 'Too hot',
        folderUID: folderUid,
        ruleGroup: 'lab',
        condition: 'C',
        for: '30s',
        keep_firing_for: '1m',
        noDataState: 'OK',
        execErrState: 'Alerting',
        labels: { severity: 'critical' },
        annotations: {
          summary: '{{ $labels.room }} is hot',
          description: 'The room is above the threshold',
          runbook_url: 'https://runbooks.example.com/hot',
        },
        notification_settings: { receiver: 'oncall hook' },
        provenance: '',
      });
      expect(
        rule!.data.map((q: { refId: string; datasourceUid: string }) => [q.refId, q.datasourceUid]),
      ).toEqual([
        ['A', dsUid],
        ['B', '__expr__'],
        ['C', '__expr__'],
      ]);
      expect(rule!.data[0].model).toMatchObject({ refId: 'A', expr: METRIC });
      expect(rule!.data[1].model).toMatchObject({ type: 'reduce', expression: 'A', reducer: 'last' });
      expect(rule!.data[2].model).toMatchObject({
        type: 'threshold',
        expression: 'B',
        conditions: [{ evaluator: { type: 'gt', params: [30] } }],
      });
      expect(page.url()).toContain(`/alerting/${rule!.uid as string}/edit`);
      const group = await ok(
        call(server, 'GET', `/api/v1/provisioning/folder/${folderUid}/rule-groups/lab`, { as: ADMIN }),
      );
      expect(group.interval).toBe(20);

      // Edited again: the form shows what was saved; a change in the same group is one PUT.
      await page.reload();
      await eventually(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Too hot');
      expect(await page.getByLabel('Evaluation interval').inputValue()).toBe('20s');
      expect(await page.getByLabel('Contact point', { exact: true }).inputValue()).toBe('oncall hook');
      await page.getByLabel('Pending period').fill('2m');
      await page.getByLabel('Use notification policy').check();
      await page.getByRole('button', { name: 'Save rule', exact: true }).click();
      await eventually(async () => (await rules(server))[0]!.for).toBe('2m');
      const [edited] = await rules(server);
      expect(edited!.uid).toBe(rule!.uid);
      expect(edited!.notification_settings).toBeUndefined();
      expect(edited!.labels).toEqual({ severity: 'critical' });
      // A bad interval is caught before anything is sent.
      await page.getByLabel('Evaluation interval').fill('15s');
      await page.getByRole('button', { name: 'Save rule', exact: true }).click();
      await eventually(() => fieldError(page, 'interval').textContent()).toContain('multiple of 10s');
      expect(
        (
          await ok(
            call(server, 'GET', `/api/v1/provisioning/folder/${folderUid}/rule-groups/lab`, { as: ADMIN }),
          )
        ).interval,
      ).toBe(20);

      // A new interval for a group with another rule: the group is written whole, the other rule kept.
      const other = await ok(
        call(server, 'POST', '/api/v1/provisioning/alert-rules', {
          as: ADMIN,
          headers: { 'x-disable-provenance': 'true' },
          body: { ...rule, uid: undefined, id: undefined, title: 'Too cold', labels: { side: 'cold' } },
        }),
        201,
      );
      await page.getByLabel('Evaluation interval').fill('30s');
      await page.getByLabel('Summary').fill('{{ $labels.room }} is very hot');
      await page.getByRole('button', { name: 'Save rule', exact: true }).click();
      await eventually(
        async () =>
          (
            await ok(
              call(server, 'GET', `/api/v1/provisioning/folder/${folderUid}/rule-groups/lab`, { as: ADMIN }),
            )
          ).interval,
      ).toBe(30);
      const after = await rules(server);
      expect(after.map((r) => [r.uid, r.title, r.ruleGroup]).sort()).toEqual(
        [
          [rule!.uid, 'Too hot', 'lab'],
          [other.uid, 'Too cold', 'lab'],
        ].sort(),
      );
      expect(after.find((r) => r.uid === rule!.uid)!.annotations.summary).toBe(
        '{{ $labels.room }} is very hot',
      );
      expect(after.find((r) => r.uid === other.uid)).toMatchObject({ labels: { side: 'cold' }, for: '30s' });
      expect(errors.filter((error) => !provoked(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('creates a rule from a dashboard panel, prefilled with its query and links, and the panel shows the rule state (Normal, Pending, Firing)', async () => {
    await gauge.set(20);
    // at the next 10 s boundary, not the last: the preview and every evaluation read what
    // Prometheus has scraped by now, however short its history
    const clock = new ManualClock(Math.ceil(Date.now() / BASE) * BASE);
    const server = await startTestServer({ clock });
    const { folderUid, dsUid } = await world(server);
    await saveDashboard(server, dsUid);
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/re-dash');
      await waitForPanels(page);
      const panel = page.getByRole('region', { name: 'Room temperature' });
      expect(await panel.locator('[data-alert-state]').count()).toBe(0);
      const menu = page.getByRole('button', { name: 'Menu of panel Room temperature' });
      const createItem = page.getByRole('menuitem', { name: 'Create alert rule from this panel' });
      await menu.click();
      await page.keyboard.press('Escape');
      await eventually(() => createItem.count()).toBe(0);
      await menu.click();
      await createItem.click();
      await page.waitForURL((url) => url.pathname === '/alerting/new');

      await eventually(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Room temperature');
      const queryA = page.getByRole('group', { name: 'Query A' });
      expect(await queryA.getByLabel('PromQL query').inputValue()).toBe(METRIC);
      expect(await page.getByLabel('Data source of query A').inputValue()).toBe(dsUid);
      expect(await page.getByLabel('Dashboard UID').inputValue()).toBe('re-dash');
      expect(await page.getByLabel('Panel ID').inputValue()).toBe('7');
      const previewA = page.getByRole('region', { name: 'Preview of A' });
      await eventually(() => previewA.locator('table').textContent()).toContain('room="lab"');

      await page.getByLabel('C threshold', { exact: true }).fill('30');
      await page.getByLabel('Folder', { exact: true }).selectOption(folderUid);
      await page
        .getByLabel('Evaluation group', { exact: true })
        .selectOption({ label: 'New evaluation group…' });
      await page.getByLabel('New group name').fill('panels');
      await page.getByLabel('Evaluation interval').fill('10s');
      await page.getByLabel('Pending period').fill('10s');
      await page.getByRole('button', { name: 'Save rule and exit' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/list');

      const [rule] = await rules(server);
      expect(rule).toMatchObject({
        title: 'Room temperature',
        ruleGroup: 'panels',
        for: '10s',
        annotations: { __dashboardUid__: 're-dash', __panelId__: '7' },
      });
      expect(rule!.data[0]).toMatchObject({
        refId: 'A',
        datasourceUid: dsUid,
        model: { refId: 'A', expr: METRIC, datasource: { type: 'prometheus', uid: dsUid } },
      });

      // Evaluated at 20 degrees: Normal; at 35: Pending, and Firing once the 10 s pending period is over.
      const evaluate = async () => {
        const time = Math.max(clock.now() + BASE, Math.ceil((Date.now() + 1) / BASE) * BASE);
        clock.advance(time - clock.now());
        await server.alertScheduler.tick(time);
      };
      await evaluate();
      await page.goto('/d/re-dash');
      await waitForPanels(page);
      const badge = panel.locator('[data-alert-state]');
      await eventually(() => badge.getAttribute('data-alert-state')).toBe('normal');
      await gauge.set(35);
      await evaluate();
      await page.reload();
      await waitForPanels(page);
      await eventually(() => badge.getAttribute('data-alert-state')).toBe('pending');
      await evaluate();
      await page.reload();
      await waitForPanels(page);
      await eventually(() => badge.getAttribute('data-alert-state')).toBe('firing');
      expect(await badge.getAttribute('aria-label')).toBe('Alert rule state: Firing');
      await screenshot(page, 'rule-editor-panel-firing');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await gauge.set(20);
    }
  });

  it('keeps a Viewer out of the editor and out of the panel menu', async () => {
    const server = await startTestServer();
    const { dsUid } = await world(server);
    await saveDashboard(server, dsUid);
    const viewer = await createUser(server, { orgRole: 'Viewer' });
    const { context, page } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/new', viewer.login, viewer.password);
      await eventually(() => page.locator('.page-error h2').textContent()).toBe('Access denied');
      expect(await page.getByRole('button', { name: 'Save rule' }).count()).toBe(0);
      await page.goto('/d/re-dash');
      await waitForPanels(page);
      expect(await page.getByRole('region', { name: 'Room temperature' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Menu of panel Room temperature' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
