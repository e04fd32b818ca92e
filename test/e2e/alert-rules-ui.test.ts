import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { ManualClock } from '../helpers/clock.js';
import { screenshot } from './browser.js';
import { newPage, openSignedIn, useChromium } from './session.js';

// The alert rule, silence, mute timing and alert group pages against a server whose rule engine
// runs on a manual clock: a test evaluates the rules (scheduler tick) and hands their alerts on
// (dispatcher tick) when it wants state to change. The clock starts at the real time so what the
// browser creates (a silence from now on) means the same to the server.

useChromium({ hookTimeout: 300_000, page: { stepTimeout: 15_000 } });

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const NO_PROVENANCE = { 'X-Disable-Provenance': 'true' };

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

interface World {
  server: TestServer;
  clock: ManualClock;
  folderUid: string;
  /** evaluates every rule and hands the alerts to the dispatcher, `seconds` later than the last time */
  evaluate: (seconds?: number) => Promise<void>;
  ruleUid: (title: string) => Promise<string>;
}

/**
 * A folder "Rooms" with group "g" (10 s): "Hot rooms" (lab 50, hall 40, cellar 10; team=ops,
 * through the policies to "ops-hook") and "Quiet" (nothing above 30; team=dev, its notification
 * settings naming "dev-hook"). Both created without provenance, as the UI would.
 */
async function world(): Promise<World> {
  const clock = new ManualClock(Date.now());
  const server = await startTestServer({ clock });
  const folder = await call(server, 'POST', '/api/folders', { as: ADMIN, body: { title: 'Rooms' } });
  expect(folder.status).toBe(200);
  const ds = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: { name: 'testdata', type: 'testdata', url: 'http://testdata.invalid', access: 'proxy' },
  });
  expect(ds.status).toBe(200);
  for (const name of ['ops-hook', 'dev-hook']) {
    const cp = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      headers: NO_PROVENANCE,
      body: { name, type: 'webhook', settings: { url: 'http://127.0.0.1:9/hook' } },
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
      ].map((rule) => ({ ...rule, folderUID: folderUid, ruleGroup: 'g' })),
    },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(200);
  return {
    server,
    clock,
    folderUid,
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
    const { server, evaluate, ruleUid } = await world();
    await evaluate(0);
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/list');
      const hot = page.locator('tr[data-rule="Hot rooms"]');
      const quiet = page.locator('tr[data-rule="Quiet"]');
      await eventually(() => hot.locator('.state-badge').textContent()).toBe('Firing');
      expect(await quiet.locator('.state-badge').textContent()).toBe('Normal');
      const folder = page.getByRole('region', { name: 'Folder Rooms' });
      expect(await folder.getByRole('region', { name: 'Group g' }).locator('tr[data-rule]').count()).toBe(2);
      expect(await hot.locator('[data-health]').textContent()).toBe('ok');
      expect(await hot.textContent()).not.toContain('Never');

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
});
