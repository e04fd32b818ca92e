import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/lib/build-info.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { PG_ADMIN } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';
import { startPrometheus } from '../helpers/prometheus.js';
import { recordQueries, screenshot } from './browser.js';
import { createFolder, createTestData, saveDashboard, TESTDATA } from './seed.js';
import { newPage, openSignedIn, useChromium, waitForPanels } from './session.js';

useChromium({ hookTimeout: 300_000 });

/** Drags from the centre of `handle` by a pixel offset, with real mouse events. */
async function drag(page: Page, handle: string, dx: number, dy: number): Promise<void> {
  const box = (await page.locator(handle).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

async function dashboardJson(server: TestServer, uid: string): Promise<any> {
  const response = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });
  expect(response.status).toBe(200);
  return response.body;
}

function simpleDashboard(uid: string, title: string, extra: object = {}) {
  return {
    uid,
    title,
    tags: ['e2e'],
    time: { from: 'now-1h', to: 'now' },
    panels: [
      {
        id: 1,
        type: 'stat',
        title: 'Value',
        gridPos: { x: 0, y: 0, w: 8, h: 4 },
        datasource: TESTDATA,
        targets: [{ refId: 'A', datasource: TESTDATA, scenarioId: 'csv_content', csvContent: 'value\n42' }],
      },
    ],
    ...extra,
  };
}

const uidFromUrl = (page: Page) => /\/d\/([^/]+)/.exec(new URL(page.url()).pathname)![1]!;

describe('dashboard editor in Chromium', () => {
  it('builds a dashboard from scratch, saves it, and edits it again (version 2)', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await createFolder(server, 'Team', 'team-folder');
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/dashboards');
      await page.getByRole('link', { name: 'New dashboard' }).click();
      await page.waitForURL(/\/dashboard\/new$/);
      await page.getByRole('button', { name: 'Add visualization' }).first().click();
      const editor = page.getByRole('dialog', { name: 'Edit panel' });
      await editor.getByLabel('Title', { exact: true }).fill('Requests');
      await editor.getByLabel('Series count').fill('2');
      await editor.getByLabel('Seed').fill('7');
      await editor.getByRole('button', { name: 'Run queries' }).click();
      await editor.getByLabel('Unit').fill('ms');
      await waitForPanels(page, '.panel-editor-preview');
      await expect.poll(() => page.locator('.panel-editor-preview canvas').count()).toBeGreaterThan(0);
      await screenshot(page, 'editor-panel');
      await editor.getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => page.locator('[data-panel-id] .panel-title').allTextContents())
        .toEqual(['Requests']);

      // Resize with the corner handle: two columns wider, two rows taller.
      const item = '[data-edit-key="panel-1"]';
      expect(await page.getAttribute(item, 'data-grid-pos')).toBe('0,0,12,8');
      const column = (await page.locator('.grid.editing').boundingBox())!.width / 24;
      await drag(page, `${item} .resize-handle`, column * 2, 38 * 2);
      await expect.poll(() => page.getAttribute(item, 'data-grid-pos')).toBe('0,0,14,10');
      await page.getByRole('button', { name: 'Add row' }).click();

      await page.getByRole('button', { name: 'Save dashboard' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save dashboard' });
      await dialog.getByLabel('Title').fill('E2E Built');
      await dialog.getByLabel('Folder').selectOption('team-folder');
      await dialog.getByLabel('Message').fill('first version');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/d\/[^/]+\/e2e-built/);
      const uid = uidFromUrl(page);
      await waitForPanels(page);

      const saved = await dashboardJson(server, uid);
      expect(saved.meta.folderUid).toBe('team-folder');
      expect(saved.dashboard.version).toBe(1);
      const panels = saved.dashboard.panels as any[];
      expect(panels.map((p) => p.type)).toEqual(['row', 'timeseries']);
      const panel = panels[1];
      expect(panel).toMatchObject({
        title: 'Requests',
        gridPos: { x: 0, y: 1, w: 14, h: 10 },
        datasource: TESTDATA,
        fieldConfig: { defaults: { unit: 'ms' } },
      });
      expect(panel.targets).toEqual([
        expect.objectContaining({
          refId: 'A',
          datasource: TESTDATA,
          scenarioId: 'random_walk',
          seriesCount: 2,
          seed: 7,
        }),
      ]);

      // Second round: rename the panel, move the row below it, save with a message.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Edit panel Requests' }).click();
      await editor.getByLabel('Title', { exact: true }).fill('Requests per second');
      await editor.getByRole('button', { name: 'Apply' }).click();
      await drag(page, '[data-edit-key="row-2"] .drag-handle', 0, 38 * 12);
      await expect
        .poll(() => page.getAttribute('[data-edit-key="row-2"]', 'data-grid-pos'))
        .toBe('0,10,24,1');
      await page.getByRole('button', { name: 'Save dashboard' }).click();
      const second = page.getByRole('dialog', { name: 'Save dashboard changes' });
      await second.getByLabel('Message').fill('renamed');
      await second.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);
      const again = await dashboardJson(server, uid);
      expect(again.dashboard.version).toBe(2);
      expect(again.dashboard.panels.map((p: any) => [p.type, p.title, p.gridPos.y])).toEqual([
        ['timeseries', 'Requests per second', 0],
        ['row', 'Row title', 10],
      ]);
      const versions = await call(server, 'GET', `/api/dashboards/uid/${uid}/versions`, { as: ADMIN });
      expect(versions.body.versions.map((v: any) => [v.version, v.message])).toEqual([
        [2, 'renamed'],
        [1, 'first version'],
      ]);

      // A panel's own edit button opens the panel editor straight from the view.
      await page.getByRole('button', { name: 'Edit panel Requests per second' }).click();
      expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe('Requests per second');
      await editor.getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('button', { name: 'Exit edit' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('resolves a save conflict between two sessions: overwrite wins, reload shows the other version', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, simpleDashboard('e2e-conflict', 'Shared board'));
    const first = await newPage(server);
    const second = await newPage(server);
    try {
      for (const { page } of [first, second]) {
        await openSignedIn(page, '/d/e2e-conflict');
        await waitForPanels(page);
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await page.getByRole('button', { name: 'Settings' }).click();
      }
      await first.page.getByLabel('Title').first().fill('Renamed by first');
      await first.page.getByRole('button', { name: 'Back to dashboard' }).click();
      await first.page.getByRole('button', { name: 'Save dashboard' }).click();
      await first.page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => (await dashboardJson(server, 'e2e-conflict')).dashboard.version).toBe(2);

      await second.page.getByLabel('Title').first().fill('Renamed by second');
      await second.page.getByRole('button', { name: 'Back to dashboard' }).click();
      await second.page.getByRole('button', { name: 'Save dashboard' }).click();
      const dialog = second.page.getByRole('dialog', { name: 'Save dashboard changes' });
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const conflict = dialog.getByRole('alert');
      await expect.poll(() => conflict.textContent()).toContain('Someone else has updated this dashboard');
      await screenshot(second.page, 'editor-conflict');
      await conflict.getByRole('button', { name: 'Overwrite' }).click();
      await expect.poll(() => second.page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);
      const overwritten = await dashboardJson(server, 'e2e-conflict');
      expect(overwritten.dashboard.version).toBe(3);
      expect(overwritten.dashboard.title).toBe('Renamed by second');

      // The first session still holds version 2: its next save conflicts, and Reload shows version 3.
      await first.page.getByRole('button', { name: 'Edit', exact: true }).click();
      await first.page.getByRole('button', { name: 'Add row' }).click();
      await first.page.getByRole('button', { name: 'Save dashboard' }).click();
      const firstDialog = first.page.getByRole('dialog', { name: 'Save dashboard changes' });
      await firstDialog.getByRole('button', { name: 'Save', exact: true }).click();
      await firstDialog.getByRole('alert').getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => first.page.textContent('.dashboard-title')).toContain('Renamed by second');
      expect((await dashboardJson(server, 'e2e-conflict')).dashboard.version).toBe(3);
      expect(first.errors.filter((e) => !e.includes('412'))).toEqual([]);
      expect(second.errors.filter((e) => !e.includes('412'))).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('shows the diff of two versions and restores an older one', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, simpleDashboard('e2e-history', 'Original title'));
    const current = await dashboardJson(server, 'e2e-history');
    const update = await call(server, 'POST', '/api/dashboards/db', {
      as: ADMIN,
      body: { dashboard: { ...current.dashboard, title: 'Changed title' }, message: 'retitled' },
    });
    expect(update.status).toBe(200);
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-history');
      await waitForPanels(page);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('tab', { name: 'Versions' }).click();
      await page.getByLabel('Select version 1').check();
      await page.getByLabel('Select version 2').check();
      await page.getByRole('button', { name: 'Compare versions' }).click();
      const diff = page.getByLabel('Differences');
      await expect.poll(() => diff.textContent()).toContain('"Original title" → "Changed title"');
      await screenshot(page, 'editor-diff');
      await page.getByRole('button', { name: 'View JSON diff' }).click();
      await expect.poll(() => diff.textContent()).toContain('+ title: "Changed title"');
      await page.getByRole('button', { name: 'Back to versions' }).click();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Restore version 1' }).click();
      await expect.poll(() => page.textContent('.dashboard-title')).toContain('Original title');
      const restored = await dashboardJson(server, 'e2e-history');
      expect(restored.dashboard.version).toBe(3);
      expect(restored.dashboard.title).toBe('Original title');
      const versions = await call(server, 'GET', '/api/dashboards/uid/e2e-history/versions', { as: ADMIN });
      expect(versions.body.versions[0]).toMatchObject({ version: 3, restoredFrom: 1 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('imports a real Grafana dashboard with a data source input, views it, and browses Prometheus metrics in the panel editor', async () => {
    const prometheus = await startPrometheus({ minSamples: 3 });
    try {
      const server = await startTestServer();
      await createTestData(server);
      const created = await call(server, 'POST', '/api/datasources', {
        as: ADMIN,
        body: { name: 'Prom', type: 'prometheus', uid: 'e2e-prom', access: 'proxy', url: prometheus.url },
      });
      expect(created.status).toBe(200);
      await createFolder(server, 'Imported', 'imported-folder');
      const file = join(projectRoot, 'test', 'fixtures', 'dashboards', 'unbound-full.json');
      const original = JSON.parse(readFileSync(file, 'utf8'));
      const { context, page, errors } = await newPage(server);
      const queries = recordQueries(page);
      try {
        await openSignedIn(page, '/dashboard/import');
        await page.getByLabel('Upload dashboard JSON file').setInputFiles(file);
        const form = page.getByRole('form', { name: 'Import options' });
        expect(await form.getByLabel('Name').inputValue()).toBe(original.title);
        // The input asks for a Prometheus data source: TestData is not offered.
        const select = form.getByLabel(original.__inputs[0].label);
        expect(await select.locator('option').allTextContents()).toEqual([
          'Select a Prometheus data source',
          'Prom',
        ]);
        expect(await select.inputValue()).toBe('e2e-prom');
        await form.getByLabel('Folder').selectOption('imported-folder');
        const importRequest = page.waitForRequest(
          (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/dashboards/import',
        );
        await form.getByRole('button', { name: 'Import', exact: true }).click();
        // the server answers the inputs (Grafana's import API), not the page
        const sent = (await importRequest).postDataJSON();
        expect(sent.inputs).toEqual([
          { name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus', value: 'e2e-prom' },
        ]);
        expect(JSON.stringify(sent.dashboard)).toContain('${DS_PROMETHEUS}');
        await page.waitForURL(/\/d\//);
        await waitForPanels(page);
        await screenshot(page, 'editor-imported');
        const uid = uidFromUrl(page);
        const saved = await dashboardJson(server, uid);
        expect(saved.meta.folderUid).toBe('imported-folder');
        expect(saved.dashboard.__inputs).toBeUndefined();
        expect(saved.dashboard.__requires).toBeUndefined();
        expect(JSON.stringify(saved.dashboard)).not.toContain('${DS_PROMETHEUS}');
        const panelDs = saved.dashboard.panels
          .filter((p: any) => p.type !== 'row')
          .map((p: any) => p.datasource);
        expect(panelDs.length).toBeGreaterThan(3);
        expect(panelDs.every((ds: any) => ds.uid === 'e2e-prom')).toBe(true);
        const rendered = await page.locator('[data-panel-id]').count();
        expect(rendered).toBeGreaterThan(3);
        expect(queries.queries.flatMap((q) => q.queries.map((x: any) => x.datasource.uid))).toContain(
          'e2e-prom',
        );

        // Importing the same file again: its uid exists, so the import offers to overwrite.
        await page.goto('/dashboard/import');
        await page.getByLabel('Upload dashboard JSON file').setInputFiles(file);
        await page
          .getByRole('form', { name: 'Import options' })
          .getByRole('button', { name: 'Import', exact: true })
          .click();
        const problem = page.getByRole('alert');
        await expect.poll(() => problem.textContent()).toContain('changed by someone else');
        await problem.getByRole('button', { name: 'Import (Overwrite)' }).click();
        await page.waitForURL(/\/d\//);
        expect((await dashboardJson(server, uid)).dashboard.version).toBe(2);
        await waitForPanels(page);

        // The metric browser lists the data source's metric names through the proxy. (A short
        // range: the Prometheus started seconds ago.)
        await page.goto(`/d/${uid}?from=now-5m&to=now`);
        await waitForPanels(page);
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        const firstPanel = saved.dashboard.panels.find((p: any) => p.type === 'timeseries');
        await page.getByRole('button', { name: `Edit panel ${firstPanel.title}` }).click();
        const editor = page.getByRole('dialog', { name: 'Edit panel' });
        await editor.getByRole('button', { name: 'Metrics browser' }).first().click();
        const browser = editor.getByRole('region', { name: 'Metrics browser' });
        await browser.getByLabel('Filter metrics').fill('prometheus_http_requests');
        await browser.getByRole('button', { name: 'prometheus_http_requests_total', exact: true }).click();
        expect(await editor.getByLabel('PromQL query').first().inputValue()).toBe(
          'prometheus_http_requests_total',
        );
        await waitForPanels(page, '.panel-editor-preview');
        await screenshot(page, 'editor-metric-browser');
        expect(await page.getAttribute('.panel-editor-preview [data-panel-id]', 'data-state')).toBe('done');
        await expect.poll(() => page.locator('.panel-editor-preview canvas').count()).toBeGreaterThan(0);
        expect(errors.filter((e) => !e.includes('412'))).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await prometheus.stop();
    }
  });

  it('exports the saved model as JSON, and for sharing externally with data source inputs', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, simpleDashboard('e2e-export', 'Exported board'));
    const saved = await dashboardJson(server, 'e2e-export');
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-export');
      await waitForPanels(page);
      await page.getByRole('button', { name: 'Export' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export dashboard' });
      expect(JSON.parse(await dialog.getByLabel('Dashboard JSON').inputValue())).toEqual(saved.dashboard);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download file' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Exported-board-\d+\.json$/);
      expect(JSON.parse(readFileSync(await download.path(), 'utf8'))).toEqual(saved.dashboard);

      await dialog.getByLabel('Export for sharing externally').check();
      await expect.poll(() => dialog.getByLabel('Dashboard JSON').inputValue()).toContain('__inputs');
      const shared = JSON.parse(await dialog.getByLabel('Dashboard JSON').inputValue());
      expect(shared.__inputs).toEqual([
        expect.objectContaining({
          name: 'DS_TESTDATA',
          type: 'datasource',
          pluginId: TESTDATA.type,
          label: 'TestData',
        }),
      ]);
      expect(shared.id).toBeNull();
      expect(shared.panels[0].datasource).toEqual({ type: TESTDATA.type, uid: '${DS_TESTDATA}' });
      expect(shared.panels[0].targets[0].datasource).toEqual({ type: TESTDATA.type, uid: '${DS_TESTDATA}' });
      expect(shared.__requires).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'panel', id: 'stat' })]),
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a Viewer no edit controls and refuses the editor routes', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, simpleDashboard('e2e-viewer', 'Read only board'));
    const viewer = await createUser(server, { login: 'viewer1', orgRole: 'Viewer' });
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-viewer', viewer.login, viewer.password);
      await waitForPanels(page);
      expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save dashboard' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Edit panel/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(1);
      await page.goto('/dashboard/new');
      await expect
        .poll(() => page.textContent('.page-error'))
        .toContain('You do not have permission to create dashboards');
      await page.goto('/dashboard/import');
      await expect
        .poll(() => page.textContent('.page-error'))
        .toContain('You do not have permission to create dashboards');
      await page.goto('/dashboards');
      await page.waitForSelector('text=Read only board');
      expect(await page.getByRole('link', { name: 'New dashboard' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('repeats a row per selected value and lists dashboards found by tag in a links dropdown', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, simpleDashboard('e2e-team-a', 'Team board A', { tags: ['team-x'] }));
    await saveDashboard(server, simpleDashboard('e2e-team-b', 'Team board B', { tags: ['team-x', 'extra'] }));
    await saveDashboard(server, simpleDashboard('e2e-other', 'Other board', { tags: ['other'] }));
    await saveDashboard(server, {
      uid: 'e2e-repeat',
      title: 'Repeated rows',
      tags: ['team-x'],
      time: { from: 'now-1h', to: 'now' },
      templating: {
        list: [
          {
            name: 'dc',
            type: 'custom',
            query: 'east,west,north',
            multi: true,
            includeAll: true,
            current: { text: ['All'], value: ['$__all'] },
          },
        ],
      },
      links: [
        {
          title: 'Team boards',
          type: 'dashboards',
          tags: ['team-x'],
          asDropdown: true,
          keepTime: true,
          includeVars: true,
        },
        { title: 'inline', type: 'dashboards', tags: ['extra'], asDropdown: false },
        { title: 'Docs', type: 'link', url: 'https://example.com/docs' },
      ],
      panels: [
        {
          id: 1,
          type: 'row',
          title: 'Region $dc',
          repeat: 'dc',
          collapsed: false,
          gridPos: { x: 0, y: 0, w: 24, h: 1 },
        },
        {
          id: 2,
          type: 'stat',
          title: 'Load in $dc',
          gridPos: { x: 0, y: 1, w: 8, h: 4 },
          datasource: TESTDATA,
          targets: [{ refId: 'A', datasource: TESTDATA, scenarioId: 'csv_content', csvContent: 'value\n3' }],
        },
        { id: 3, type: 'row', title: 'Footer', collapsed: false, gridPos: { x: 0, y: 5, w: 24, h: 1 } },
        {
          id: 4,
          type: 'text',
          title: 'Notes',
          gridPos: { x: 0, y: 6, w: 8, h: 3 },
          options: { mode: 'markdown', content: 'after the repeats' },
        },
      ],
    });
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-repeat?from=now-3h&to=now');
      await waitForPanels(page);
      // the open/closed state is an icon (aria-expanded says it); the text is the title
      expect(await page.locator('.row-header').allTextContents()).toEqual([
        ' Region east',
        ' Region west',
        ' Region north',
        ' Footer',
      ]);
      expect(await page.locator('.row-header[aria-expanded=true]').count()).toBe(4);
      expect(await page.locator('[data-panel-type=stat] .panel-title').allTextContents()).toEqual([
        'Load in east',
        'Load in west',
        'Load in north',
      ]);
      await expect
        .poll(() => page.locator('[data-panel-type=stat] .stat-value').allTextContents())
        .toEqual(['3', '3', '3']);
      expect(await page.textContent('[data-panel-type=text]')).toContain('after the repeats');
      // Collapsing one copy hides only its own panel.
      await page.getByRole('button', { name: 'Region west' }).click();
      expect(await page.locator('[data-panel-type=stat]').count()).toBe(2);

      const links = page.getByRole('navigation', { name: 'Dashboard links' });
      expect(await links.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe(
        'https://example.com/docs',
      );
      await expect.poll(() => links.getByRole('link', { name: 'Team board B' }).count()).toBe(1);
      await links.getByRole('button', { name: 'Team boards' }).click();
      const menu = page.getByRole('menu', { name: 'Team boards' });
      await expect
        .poll(() => menu.getByRole('menuitem').allTextContents())
        .toEqual(['Team board A', 'Team board B']);
      const href = await menu.getByRole('menuitem', { name: 'Team board A' }).getAttribute('href');
      const url = new URL(href!, server.url);
      expect(url.pathname).toMatch(/^\/d\/e2e-team-a\//);
      expect(url.searchParams.get('from')).toBe('now-3h');
      expect(url.searchParams.getAll('var-dc')).toEqual(['All']);
      await screenshot(page, 'editor-row-repeat-links');
      await menu.getByRole('menuitem', { name: 'Team board A' }).click();
      await page.waitForURL(/\/d\/e2e-team-a/);
      await waitForPanels(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('edits settings: tags, a custom variable, the JSON model with validation, and warns before leaving unsaved', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, simpleDashboard('e2e-settings', 'Settings board'));
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-settings');
      await waitForPanels(page);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByLabel('New tag').fill('fresh');
      await page.getByLabel('New tag').press('Enter');
      await page.getByRole('tab', { name: 'Variables' }).click();
      await page.getByRole('button', { name: 'New variable' }).click();
      const form = page.getByRole('form', { name: 'Variable' });
      await form.getByLabel('Variable type').selectOption('custom');
      await form.getByLabel('Name').fill('bad name');
      await form.getByRole('button', { name: 'Add' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toContain('Only word characters');
      await form.getByLabel('Name').fill('env');
      await form.getByLabel('Values separated by comma').fill('dev,prod');
      expect(await form.getByLabel('Preview of values').textContent()).toContain('prod');
      await form.getByRole('button', { name: 'Add' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'env', exact: true }).count()).toBe(1);

      await page.getByRole('tab', { name: 'JSON Model' }).click();
      const json = page.getByRole('textbox', { name: 'JSON model' });
      const model = JSON.parse(await json.inputValue());
      expect(model.templating.list[0]).toMatchObject({ name: 'env', type: 'custom', query: 'dev,prod' });
      await json.fill('{ "title": ');
      await page.getByRole('button', { name: 'Apply JSON' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid JSON');
      await json.fill(JSON.stringify({ ...model, title: '', panels: 'none' }));
      await page.getByRole('button', { name: 'Apply JSON' }).click();
      const problems = page.getByRole('alert');
      await expect.poll(() => problems.textContent()).toContain('"title" must be a non-empty string');
      expect(await problems.textContent()).toContain('"panels" must be a list');
      await json.fill(JSON.stringify({ ...model, description: 'from JSON' }));
      await page.getByRole('button', { name: 'Apply JSON' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Changes applied');
      await page.getByRole('button', { name: 'Back to dashboard' }).click();
      await page.waitForSelector('[data-variable=env]');

      // Leaving with unsaved changes asks first; cancelling stays in the editor.
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('link', { name: 'Dashboards', exact: true }).click();
      expect(asked[0]).toContain('unsaved changes');
      expect(new URL(page.url()).pathname).toBe('/d/e2e-settings');
      expect(await page.getByRole('button', { name: 'Save dashboard' }).count()).toBe(1);

      // The picked time range and variable value become the defaults when asked to.
      await page.locator('#var-env').selectOption('prod');
      await page.getByRole('button', { name: 'Time range' }).click();
      await page.getByRole('button', { name: 'Last 15 minutes' }).click();
      await page.getByRole('button', { name: 'Save dashboard' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save dashboard changes' });
      await dialog.getByLabel('Save current time range (now-15m to now) as dashboard default').check();
      await dialog.getByLabel('Save current variable values as dashboard default').check();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);
      const saved = await dashboardJson(server, 'e2e-settings');
      expect(saved.dashboard.time).toEqual({ from: 'now-15m', to: 'now' });
      expect(saved.dashboard.tags).toEqual(['e2e', 'fresh']);
      expect(saved.dashboard.description).toBe('from JSON');
      expect(saved.dashboard.templating.list).toEqual([
        expect.objectContaining({
          name: 'env',
          type: 'custom',
          query: 'dev,prod',
          current: { text: 'prod', value: 'prod' },
        }),
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('writes a SQL query with the table and column picker and previews it as a table', async () => {
    const database = `svc_e2e_sql_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ ...PG_ADMIN, database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    try {
      const client = new pg.Client({ ...PG_ADMIN, database });
      await client.connect();
      await client.query('CREATE TABLE hosts (name text, load double precision, note text)');
      await client.query("INSERT INTO hosts VALUES ('alpha', 0.5, 'a'), ('beta', 1.25, 'b')");
      await client.end();

      const server = await startTestServer();
      await createTestData(server);
      const created = await call(server, 'POST', '/api/datasources', {
        as: ADMIN,
        body: {
          name: 'Local PG',
          type: 'grafana-postgresql-datasource',
          uid: 'e2e-pg',
          access: 'proxy',
          url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
          user: PG_ADMIN.user,
          jsonData: { database, sslmode: 'disable' },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const { context, page, errors } = await newPage(server);
      try {
        await openSignedIn(page, '/dashboard/new');
        await page.getByRole('button', { name: 'Add visualization' }).first().click();
        const editor = page.getByRole('dialog', { name: 'Edit panel' });
        await editor.getByLabel('Data source').selectOption('e2e-pg');
        const picker = editor.getByRole('group', { name: 'Table and columns' });
        await expect
          .poll(() => picker.getByLabel('Table').locator('option').allTextContents())
          .toContain('hosts');
        await picker.getByLabel('Table').selectOption('hosts');
        await picker.getByLabel('name').check();
        await picker.getByLabel('load').check();
        expect(await picker.getByRole('checkbox').count()).toBe(3);
        await picker.getByRole('button', { name: 'Use table in query' }).click();
        expect(await editor.getByLabel('SQL query').inputValue()).toBe(
          'SELECT name, load FROM hosts LIMIT 100',
        );
        await editor.getByRole('radio', { name: 'Table' }).click();
        await expect
          .poll(() => page.locator('.panel-editor-preview td').allTextContents())
          .toEqual(['alpha', '0.5', 'beta', '1.25']);
        // Mixed: each query picks its own data source, with that source's editor.
        await editor.getByLabel('Data source', { exact: true }).selectOption('-- Mixed --');
        await editor.getByRole('button', { name: '+ Add query' }).click();
        expect(await editor.getByLabel('Data source of query A').inputValue()).toBe('e2e-pg');
        expect(await editor.getByLabel('Data source of query B').inputValue()).toBe(TESTDATA.uid);
        await editor.getByRole('group', { name: 'Query B' }).getByLabel('Scenario').waitFor();
        await editor.getByRole('button', { name: 'Remove query B' }).click();
        await editor.getByLabel('Data source', { exact: true }).selectOption('e2e-pg');
        expect(await editor.getByLabel('SQL query').inputValue()).toBe(
          'SELECT name, load FROM hosts LIMIT 100',
        );
        await editor.getByRole('button', { name: 'Apply' }).click();
        await page.getByRole('button', { name: 'Save dashboard' }).click();
        const dialog = page.getByRole('dialog', { name: 'Save dashboard' });
        await dialog.getByLabel('Title').fill('SQL board');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await page.waitForURL(/\/d\//);
        const saved = await dashboardJson(server, uidFromUrl(page));
        expect(saved.dashboard.panels[0]).toMatchObject({
          type: 'table',
          datasource: { type: 'grafana-postgresql-datasource', uid: 'e2e-pg' },
          targets: [{ refId: 'A', rawSql: 'SELECT name, load FROM hosts LIMIT 100', format: 'table' }],
        });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});
