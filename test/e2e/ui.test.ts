import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/lib/build-info.js';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { startPrometheus } from '../helpers/prometheus.js';
import { canvasPixels, recordQueries, screenshot } from './browser.js';
import {
  createFolder,
  createTestData,
  manyPanelsDashboard,
  overviewDashboard,
  saveDashboard,
} from './seed.js';
import { newPage, signIn, useChromium, waitForPanels } from './session.js';

useChromium();

describe('web UI in Chromium', () => {
  it('serves the app with deep-link fallback, long-cached assets, and API 404s', async () => {
    const server = await startTestServer();
    const index = await fetch(`${server.url}/d/some-uid/some-slug?from=now-1h`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    expect(html).toContain('<div id="root">');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(server.url + script, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    const unknownApi = await call(server, 'GET', '/api/nothing/here', { as: ADMIN });
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body).toEqual({ message: 'Not found' });
    expect((await fetch(`${server.url}/assets/missing-abc123.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    expect((await fetch(`${server.url}/..%2f..%2fpackage.json`)).headers.get('content-type')).toContain(
      'text/html',
    );
  });

  it('signs in with clear errors, redirects back to the page asked for, and signs out', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, overviewDashboard());
    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/d/e2e-overview/e2e-overview?from=now-1h&to=now');
      await page.waitForURL(/\/login\?redirectTo=/);
      await screenshot(page, 'login');
      await signIn(page, 'admin', 'wrong');
      await expect.poll(() => page.textContent('[role=alert]')).toContain('Invalid username or password');
      await signIn(page, 'admin', 'admin');
      await page.waitForURL(/\/d\/e2e-overview\/e2e-overview\?from=now-1h/);
      await waitForPanels(page);
      await page.click('text=Sign out');
      await page.waitForURL(/\/login/);
      expect(
        (
          await call(server, 'GET', '/api/user', {
            headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
          })
        ).status,
      ).toBe(401);
      // The failed attempt logs its 401 response in the console; nothing else may fail.
      expect(errors.filter((e) => !e.includes('401') || !e.includes('/api/login'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('explains the brute-force block after repeated failures', async () => {
    const server = await startTestServer();
    const { context, page } = await newPage(server);
    try {
      await page.goto('/login');
      for (let i = 0; i < 5; i++) {
        await signIn(page, 'admin', `wrong${i}`);
        await expect.poll(() => page.textContent('[role=alert]')).toContain('Invalid username or password');
      }
      await expect.poll(() => page.textContent('[role=alert]')).toContain('Too many failed attempts');
      await signIn(page, 'admin', 'admin');
      await expect.poll(() => page.textContent('[role=alert]')).toContain('blocked');
    } finally {
      await context.close();
    }
  });

  it('renders a testdata dashboard: time series drawn, stat, table, gauge, text, errors, rows; time and variables drive the queries', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, overviewDashboard());
    const { context, page, errors } = await newPage(server);
    const recorded = recordQueries(page);
    try {
      await page.goto('/login?redirectTo=%2Fd%2Fe2e-overview%2Fe2e-overview');
      await signIn(page);
      await page.waitForURL(/\/d\/e2e-overview/);
      await waitForPanels(page);
      // Panel bodies are lazily loaded chunks: wait for each to show its content.
      for (const selector of [
        '[data-panel-id="1"] canvas',
        '[data-panel-id="2"] [data-testid=stat-value]',
        '[data-panel-id="3"] tbody tr',
        '[data-panel-id="4"] .gauge-value',
        '[data-panel-id="5"] .bargauge-value',
        '[data-panel-id="6"] h1',
        '[data-panel-id="7"] svg path',
        '[data-panel-id="8"] .panel-unsupported',
      ]) {
        await page.waitForSelector(selector);
      }
      await screenshot(page, 'dashboard');

      // Time series: two series with data on the canvas (the classic palette's first colour).
      const series = page.locator('[data-panel-id="1"] .timeseries-panel');
      expect(await series.getAttribute('data-series-count')).toBe('2');
      expect(Number(await series.getAttribute('data-point-count'))).toBeGreaterThan(100);
      expect(await canvasPixels(page, '[data-panel-id="1"] canvas', '#7EB26D')).toBeGreaterThan(200);
      expect(await page.textContent('[data-panel-id="1"] .panel-title')).toBe('Random walk alpha');
      expect(await page.textContent('[data-panel-id="1"] .legend')).toContain('alpha-prod-5m-web1,web2');

      // Hovering shows a tooltip with both series' values in the panel's unit.
      const over = (await page.locator('[data-panel-id="1"] .u-over').boundingBox())!;
      await page.mouse.move(over.x + over.width / 2, over.y + over.height / 2);
      await page.waitForSelector('[data-panel-id="1"] .tooltip');
      expect(await page.locator('[data-panel-id="1"] .tooltip-row').count()).toBe(2);
      expect(await page.textContent('[data-panel-id="1"] .tooltip')).toMatch(/alpha-prod.*\d ms/);
      await page.mouse.move(0, 0);

      // Stat, gauge, table with the bytes override, bar gauge, pie chart.
      expect(await page.textContent('[data-panel-id="2"] [data-testid=stat-value]')).toBe('97.3%');
      expect(await page.textContent('[data-panel-id="4"] .gauge-value')).toBe('73%');
      const rows = await page.$$eval('[data-panel-id="3"] tbody tr', (trs) =>
        trs.map((tr) => [...tr.children].map((td) => td.textContent)),
      );
      expect(rows).toEqual([
        ['alpha', '1 KiB', '1'],
        ['beta', '2 KiB', '0'],
        ['gamma', '1 MiB', '1'],
      ]);
      expect(
        await page.$$eval('[data-panel-id="5"] .bargauge-value', (els) => els.map((e) => e.textContent)),
      ).toEqual(['20%', '55%', '90%']);
      expect(await page.locator('[data-panel-id="7"] .panel-body svg path').count()).toBe(2);

      // Text: markdown rendered, variables replaced, script and javascript: links never become markup.
      expect(await page.textContent('[data-panel-id="6"] h1')).toBe('Runbook for alpha');
      expect(await page.locator('[data-panel-id="6"] strong').textContent()).toBe('the docs');
      expect(await page.locator('[data-panel-id="6"] a').count()).toBe(0);
      expect(await page.locator('[data-panel-id="6"] script').count()).toBe(0);
      expect(await page.evaluate(() => (globalThis as any).pwned)).toBeUndefined();

      // Unsupported type and a failing query are shown in their panels.
      expect(await page.textContent('[data-panel-id="8"]')).toContain('heatmap-nonexistent');
      expect(await page.textContent('[data-panel-id="9"] [role=alert]')).toContain('no_such_scenario');

      // A panel repeated for each selected value of a multi-value variable.
      expect(
        await page.$$eval('[data-panel-type=stat] .panel-title', (els) =>
          els.map((e) => e.textContent).filter((t) => t?.startsWith('Host ')),
        ),
      ).toEqual(['Host web1', 'Host web2']);

      // Collapsed row: its panel appears when expanded.
      expect(await page.locator('[data-panel-id="11"]').count()).toBe(0);
      expect(await page.textContent('[data-row-title="More for $host"]')).toContain('More for alpha');
      await page.click('[data-row-title="More for $host"]');
      await page.waitForSelector('[data-panel-id="11"][data-state=done]');
      expect(await page.textContent('[data-panel-id="11"] [data-testid=stat-value]')).toBe('5');

      // Time range: a preset sends new queries with the new range and lands in the URL.
      recorded.clear();
      await page.click('[aria-label^="Time range"]');
      await page.click('text=Last 24 hours');
      await expect.poll(() => recorded.queries.length).toBeGreaterThan(0);
      await waitForPanels(page);
      const sent = recorded.queries[0];
      expect(Number(sent.to) - Number(sent.from)).toBeGreaterThan(23 * 3_600_000);
      expect(page.url()).toContain('from=now-24h');

      // Absolute range typed in.
      recorded.clear();
      await page.click('[aria-label^="Time range"]');
      await page.fill('input[name=from]', '2026-01-01 00:00:00');
      await page.fill('input[name=to]', '2026-01-02 00:00:00');
      await page.click('text=Apply time range');
      await expect.poll(() => recorded.queries.length).toBeGreaterThan(0);
      await waitForPanels(page);
      expect(Number(recorded.queries[0].to) - Number(recorded.queries[0].from)).toBeGreaterThanOrEqual(
        86_400_000 - 1000,
      );

      // Variable: choosing another host changes the queries and the URL.
      recorded.clear();
      await page.selectOption('#var-host', 'beta');
      await expect
        .poll(() =>
          recorded.queries.some((q) => q.queries.some((x: any) => String(x.alias).startsWith('beta-prod'))),
        )
        .toBe(true);
      await waitForPanels(page);
      expect(page.url()).toContain('var-host=beta');
      expect(await page.textContent('[data-panel-id="1"] .panel-title')).toBe('Random walk beta');

      // Zoom by selecting on the graph.
      recorded.clear();
      const box = (await page.locator('[data-panel-id="1"] .u-over').boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => recorded.queries.length).toBeGreaterThan(0);
      const zoomed = recorded.queries[0];
      expect(Number(zoomed.to) - Number(zoomed.from)).toBeLessThan(86_400_000 * 0.5);
      await waitForPanels(page);

      // Deep-link reload keeps the range and the variables.
      const url = page.url();
      recorded.clear();
      await page.reload();
      await waitForPanels(page);
      expect(page.url()).toBe(url);
      expect(await page.inputValue('#var-host')).toBe('beta');
      expect(recorded.queries.some((q) => q.from === zoomed.from && q.to === zoomed.to)).toBe(true);
      await screenshot(page, 'dashboard-zoomed');

      // Auto refresh from the URL re-runs the queries on its interval.
      await page.goto(`${url}&refresh=1s`);
      await waitForPanels(page);
      recorded.clear();
      await expect
        .poll(() => recorded.queries.filter((q) => q.queries[0]?.refId === 'A').length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(16);
      expect(await page.inputValue('[aria-label="Auto refresh"]')).toBe('1s');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('browses folders, searches by name, tag and star, and remembers recently viewed dashboards', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await createFolder(server, 'Team A', 'team-a');
    await saveDashboard(server, overviewDashboard(), 'team-a');
    await saveDashboard(server, { uid: 'e2e-other', title: 'Other board', tags: ['misc'], panels: [] });
    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/login?redirectTo=%2Fdashboards');
      await signIn(page);
      await page.waitForURL(/\/dashboards/);
      await page.waitForSelector('[data-uid=e2e-other]');
      // The folder tree: the root dashboard is listed, the folder opens to show its dashboard.
      expect(await page.locator('[data-uid=e2e-overview]').count()).toBe(0);
      await page.click('text=Team A');
      await page.waitForSelector('[data-uid=e2e-overview]');
      await screenshot(page, 'browse');

      await page.fill('input[type=search]', 'overview');
      await expect.poll(() => page.locator('.search-hit').count()).toBe(1);
      expect(await page.textContent('.search-hit')).toContain('in Team A');
      await page.fill('input[type=search]', '');

      await page.selectOption('[aria-label="Filter by tag"]', 'misc');
      await expect
        .poll(() => page.$$eval('.search-hit', (els) => els.map((e) => e.getAttribute('data-uid'))))
        .toEqual(['e2e-other']);
      await page.click('.tag-filters .tag');

      await page.click('[data-uid=e2e-other] [aria-label="Mark as favorite"]');
      await expect
        .poll(async () =>
          (await call(server, 'GET', '/api/search?starred=true', { as: ADMIN })).body.map((h: any) => h.uid),
        )
        .toEqual(['e2e-other']);
      await page.check('text=Starred');
      await expect
        .poll(() => page.$$eval('.search-hit', (els) => els.map((e) => e.getAttribute('data-uid'))))
        .toEqual(['e2e-other']);
      await page.click('[data-uid=e2e-other] [aria-label="Unmark as favorite"]');
      await expect
        .poll(async () => (await call(server, 'GET', '/api/search?starred=true', { as: ADMIN })).body)
        .toEqual([]);
      await page.uncheck('text=Starred');

      await page.click('text=Other board');
      await page.waitForURL(/\/d\/e2e-other/);
      await page.waitForSelector('.dashboard-title');
      await page.click('nav >> text=Dashboards');
      await page.waitForSelector('.recent');
      expect(await page.textContent('.recent')).toContain('Other board');

      // The welcome page in place of the built-in home dashboard: recently viewed ones listed.
      await page.click('nav >> text=Home');
      await page.waitForSelector('[data-list=recent] a');
      expect(await page.textContent('[data-list=recent]')).toContain('Other board');
      expect(await page.textContent('.home-page')).not.toContain('not supported');
      await screenshot(page, 'home');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('follows the theme preference, switches organizations, and shows the home dashboard', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, overviewDashboard());
    const org = await call(server, 'POST', '/api/orgs', { as: ADMIN, body: { name: 'Second Org' } });
    expect(org.status).toBe(200);
    expect(
      (
        await call(server, 'PUT', '/api/user/preferences', {
          as: ADMIN,
          body: { theme: 'light', homeDashboardUID: 'e2e-overview' },
        })
      ).status,
    ).toBe(200);
    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/');
      await signIn(page);
      await page.waitForURL(/\/d\/e2e-overview/);
      expect(await page.evaluate(() => (globalThis as any).document.documentElement.dataset.theme)).toBe(
        'light',
      );
      await waitForPanels(page);
      await screenshot(page, 'dashboard-light');
      await page.selectOption('[aria-label=Organization]', String(org.body.orgId));
      await expect
        .poll(
          async () =>
            (await page.evaluate(() => fetch('/api/user').then((r) => r.json() as Promise<any>))).orgId,
        )
        .toBe(org.body.orgId);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('renders an old Grafana dashboard: rows with spans, graph and singlestat panels', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, {
      uid: 'e2e-legacy',
      title: 'E2E Legacy',
      schemaVersion: 14,
      rows: [
        {
          title: 'Overview',
          height: '250px',
          panels: [
            {
              id: 1,
              type: 'graph',
              title: 'Legacy graph',
              span: 8,
              datasource: 'TestData',
              lines: true,
              linewidth: 2,
              yaxes: [{ format: 'ms' }, { format: 'short' }],
              legend: { show: true, values: true, avg: true, alignAsTable: true },
              targets: [{ refId: 'A', scenarioId: 'random_walk', seed: 3 }],
            },
            {
              id: 2,
              type: 'singlestat',
              title: 'Legacy stat',
              span: 4,
              datasource: 'TestData',
              format: 'percent',
              valueName: 'current',
              targets: [{ refId: 'A', scenarioId: 'csv_content', csvContent: 'value\n42' }],
            },
          ],
        },
      ],
    });
    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/login?redirectTo=%2Fd%2Fe2e-legacy');
      await signIn(page);
      await page.waitForSelector('[data-panel-id="1"] canvas');
      await page.waitForSelector('[data-panel-id="2"] [data-testid=stat-value]');
      expect(await page.textContent('[data-panel-id="2"] [data-testid=stat-value]')).toBe('42%');
      expect(await page.textContent('[data-panel-id="1"] .legend')).toContain('Mean');
      expect(await page.textContent('[data-panel-id="1"] .legend')).toMatch(/\d ms/);
      const [graph, stat] = await Promise.all([
        page.locator('[data-panel-id="1"]').boundingBox(),
        page.locator('[data-panel-id="2"]').boundingBox(),
      ]);
      expect(graph!.width).toBeGreaterThan(stat!.width * 1.8);
      expect(Math.abs(graph!.y - stat!.y)).toBeLessThan(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('loads a 40-panel dashboard with parallel queries and no console errors', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, manyPanelsDashboard(40));
    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/login');
      await signIn(page);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const started = Date.now();
      await page.goto('/d/e2e-many/e2e-forty-panels');
      await page.waitForFunction(
        () => (globalThis as any).document.querySelectorAll('[data-panel-id][data-state=done]').length === 40,
        undefined,
        { timeout: 30_000 },
      );
      await page.waitForFunction(
        () =>
          (globalThis as any).document.querySelectorAll(
            '[data-panel-id] .timeseries-panel canvas, [data-panel-id] [data-testid=stat-value], [data-panel-id] tbody tr, [data-panel-id] .gauge-value, [data-panel-id] .bargauge-value',
          ).length >= 40,
      );
      const renderedMs = Date.now() - started;
      await screenshot(page, 'forty-panels');
      const assets = readdirSync(join(projectRoot, 'web', 'dist', 'assets'));
      const gzipped = (names: string[]) =>
        names.reduce(
          (sum, name) =>
            sum + gzipSync(readFileSync(join(projectRoot, 'web', 'dist', 'assets', name))).length,
          0,
        );
      const total = gzipped(assets.filter((a) => /\.(js|css)$/.test(a)));
      const entry = gzipped(assets.filter((a) => /^index-.*\.(js|css)$/.test(a)));
      console.log(
        `UI bundle: ${(total / 1024).toFixed(1)} KiB gzip in all chunks, ${(entry / 1024).toFixed(1)} KiB gzip entry; 40-panel dashboard rendered in ${renderedMs} ms`,
      );
      expect(entry).toBeLessThan(120 * 1024);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws a real Prometheus series, fills a label_values variable, and sends its value in the query', async () => {
    const prometheus = await startPrometheus({ minSamples: 5 });
    const server = await startTestServer();
    const ds = await call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: {
        name: 'Prometheus',
        type: 'prometheus',
        uid: 'e2e-prom',
        url: prometheus.url,
        access: 'proxy',
        isDefault: true,
      },
    });
    expect(ds.status, JSON.stringify(ds.body)).toBe(200);
    const prom = { type: 'prometheus', uid: 'e2e-prom' };
    await saveDashboard(server, {
      uid: 'e2e-prom',
      title: 'E2E Prometheus',
      time: { from: 'now-5m', to: 'now' },
      templating: {
        list: [
          {
            name: 'job',
            type: 'query',
            datasource: prom,
            query: 'label_values(up, job)',
            definition: 'label_values(up, job)',
            refresh: 1,
          },
        ],
      },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Scrapes of $job',
          gridPos: { x: 0, y: 0, w: 16, h: 9 },
          datasource: prom,
          fieldConfig: { defaults: { custom: { lineWidth: 3 } }, overrides: [] },
          targets: [
            {
              refId: 'A',
              datasource: prom,
              expr: 'prometheus_http_requests_total{job="$job"}',
              legendFormat: '{{handler}}',
              range: true,
            },
          ],
        },
        {
          id: 2,
          type: 'stat',
          title: 'Up',
          gridPos: { x: 16, y: 0, w: 8, h: 9 },
          datasource: prom,
          targets: [{ refId: 'A', datasource: prom, expr: 'sum(up{job="$job"})', instant: true }],
        },
      ],
    });
    const { context, page, errors } = await newPage(server, { viewport: { width: 1400, height: 900 } });
    const recorded = recordQueries(page);
    try {
      await page.goto('/login?redirectTo=%2Fd%2Fe2e-prom');
      await signIn(page);
      await page.waitForSelector('[data-panel-id="1"][data-state=done] canvas', { timeout: 20_000 });
      await page.waitForSelector('[data-panel-id="2"][data-state=done]');
      expect(await page.inputValue('#var-job')).toBe('prometheus');
      expect(await page.textContent('[data-panel-id="1"] .panel-title')).toBe('Scrapes of prometheus');
      const panelQueries = recorded.queries.flatMap((q) => q.queries).filter((q: any) => q.refId === 'A');
      expect(panelQueries.map((q: any) => q.expr)).toContain(
        'prometheus_http_requests_total{job="prometheus"}',
      );
      expect(
        Number(await page.getAttribute('[data-panel-id="1"] .timeseries-panel', 'data-point-count')),
      ).toBeGreaterThan(1);
      expect(await canvasPixels(page, '[data-panel-id="1"] canvas', '#7EB26D')).toBeGreaterThan(50);
      expect(await page.textContent('[data-panel-id="2"] [data-testid=stat-value]')).toBe('1');
      await screenshot(page, 'prometheus');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await prometheus.stop();
    }
  });
});
