import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { PG_ADMIN } from '../helpers/databases.js';
import { startPrometheus } from '../helpers/prometheus.js';
import { seriousViolations } from './axe.js';
import { screenshot } from './browser.js';
import { createTestData, saveDashboard, TESTDATA } from './seed.js';
import { newPage, openSignedIn, useChromium, waitForPanels } from './session.js';

useChromium();

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString().replace('.000Z', 'Z');
const RANGE = `from=${T0 - 5 * 60_000}&to=${T0 + 40 * 60_000}`;
const PG = { type: 'grafana-postgresql-datasource', uid: 'e2e-pg-logs' };

const csv = (content: string) => [
  { refId: 'A', datasource: TESTDATA, scenarioId: 'csv_content', csvContent: content },
];

const STATES_CSV = [
  'time,status,mode',
  `${at(0)},1,ok`,
  `${at(10)},1,ok`,
  `${at(20)},0,warn`,
  `${at(30)},1,ok`,
].join('\n');

const UP_DOWN = [
  {
    type: 'value',
    options: { '0': { text: 'Down', color: 'red', index: 1 }, '1': { text: 'Up', color: 'green', index: 0 } },
  },
];

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Lab</title>
<item><title>First headline</title><link>http://example.test/1</link><pubDate>Thu, 01 Jan 2026 10:00:00 GMT</pubDate><description>&lt;p&gt;Body one&lt;/p&gt;</description><enclosure url="IMAGE_URL" type="image/png" length="68"/></item>
<item><title>Second headline</title><link>http://example.test/2</link><description>Body two</description></item>
</channel></rss>`;

/** A 1×1 PNG: the feed's picture, served beside the feed. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Each new panel type over data whose drawing is known: cells, boxes, bars, lines, items. */
function panelsDashboard(feedUrl: string, deadFeedUrl: string) {
  const grid = (i: number, h = 8) => ({ x: (i % 2) * 12, y: Math.floor(i / 2) * 10, w: 12, h });
  return {
    uid: 'e2e-more-panels',
    title: 'More panels',
    schemaVersion: 39,
    timezone: 'utc',
    time: { from: 'now-6h', to: 'now' },
    panels: [
      {
        id: 1,
        type: 'heatmap',
        title: 'Calculated heatmap',
        gridPos: grid(0, 10),
        datasource: TESTDATA,
        options: {
          calculate: true,
          calculation: { yBuckets: { mode: 'size', value: '10' } },
          color: { mode: 'scheme', scheme: 'Spectral', steps: 64 },
          legend: { show: true },
          tooltip: { show: true },
        },
        targets: csv(
          ['time,a,b', `${at(0)},1,2`, `${at(10)},5,14`, `${at(20)},15,16`, `${at(30)},25,3`].join('\n'),
        ),
      },
      {
        id: 2,
        type: 'state-timeline',
        title: 'States',
        gridPos: grid(1),
        datasource: TESTDATA,
        fieldConfig: { defaults: { mappings: UP_DOWN, custom: { fillOpacity: 70 } }, overrides: [] },
        options: { mergeValues: true, showValue: 'auto', rowHeight: 0.9, legend: { showLegend: true } },
        targets: csv(STATES_CSV),
      },
      {
        id: 3,
        type: 'status-history',
        title: 'Status',
        gridPos: grid(2),
        datasource: TESTDATA,
        fieldConfig: { defaults: { mappings: UP_DOWN }, overrides: [] },
        options: { showValue: 'auto', colWidth: 0.9, rowHeight: 0.9 },
        targets: csv(STATES_CSV),
      },
      {
        id: 4,
        type: 'histogram',
        title: 'Histogram',
        gridPos: grid(3),
        datasource: TESTDATA,
        options: { bucketSize: 1, legend: { showLegend: true, displayMode: 'list' } },
        targets: csv(['value', 1, 2, 2, 3, 3, 3, 10].join('\n')),
      },
      {
        id: 5,
        type: 'logs',
        title: 'Testdata logs',
        gridPos: grid(4),
        datasource: TESTDATA,
        options: { showTime: true, wrapLogMessage: true, sortOrder: 'Descending' },
        targets: csv(
          [
            'time,level,body',
            `${at(0)},info,service started`,
            `${at(1)},error,disk full`,
            `${at(2)},warn,slow query`,
            `${at(3)},debug,cache miss`,
          ].join('\n'),
        ),
      },
      {
        id: 6,
        type: 'logs',
        title: 'SQL logs',
        gridPos: grid(5),
        datasource: PG,
        options: { showTime: false, wrapLogMessage: false, sortOrder: 'Ascending' },
        targets: [
          {
            refId: 'A',
            datasource: PG,
            format: 'table',
            rawQuery: true,
            editorMode: 'code',
            rawSql:
              "SELECT now() - make_interval(mins => n) AS time, 'line ' || n AS message " +
              "FROM generate_series(1, 3) AS n UNION ALL SELECT now(), 'level=error something broke'",
          },
        ],
      },
      { id: 7, type: 'news', title: 'News', gridPos: grid(6), options: { feedUrl } },
      { id: 8, type: 'news', title: 'Dead feed', gridPos: grid(7), options: { feedUrl: deadFeedUrl } },
      {
        id: 9,
        type: 'news',
        title: 'News, no pictures',
        gridPos: grid(8, 4),
        options: { feedUrl, showImage: false },
      },
    ],
  };
}

let feeds: Server;
let feedBase: string;
let deadFeed: string;
beforeAll(async () => {
  feeds = createServer((request, response) => {
    if (request.url === '/rss')
      response
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(RSS.replace('IMAGE_URL', `${feedBase}/picture.png`));
    else if (request.url === '/picture.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG_1X1, 'base64'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  // a port with no listener: taken, then given back
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  deadFeed = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/feed.xml`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  feeds.closeAllConnections();
  await new Promise((resolve) => feeds.close(resolve));
});

const panel = (page: Page, id: number) => page.locator(`[data-panel-id="${id}"]`);

async function attributes(page: Page, id: number, selector: string, name: string): Promise<string[]> {
  return panel(page, id)
    .locator(selector)
    .evaluateAll(
      (nodes: any[], attr) => nodes.map((n) => (n.getAttribute(attr) as string | null) ?? ''),
      name,
    );
}

async function addPostgres(server: TestServer): Promise<void> {
  const created = await call(server, 'POST', '/api/datasources', {
    as: ADMIN,
    body: {
      name: 'Logs PG',
      type: PG.type,
      uid: PG.uid,
      access: 'proxy',
      url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
      user: PG_ADMIN.user,
      jsonData: { database: 'postgres', sslmode: 'disable' },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
}

describe('heatmap, state timeline, status history, histogram, logs and news panels in Chromium', () => {
  it('draws each panel from its data, with mapped colours, tooltips and a clear unreachable feed', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await addPostgres(server);
    await saveDashboard(server, panelsDashboard(`${feedBase}/rss`, deadFeed));
    // tall enough for the whole dashboard: the screenshot needs no resize (which redraws the panels)
    const { context, page, errors } = await newPage(server, { viewport: { width: 1400, height: 1800 } });
    try {
      await openSignedIn(page, `/d/e2e-more-panels/more-panels?${RANGE}`);
      await waitForPanels(page);
      // Panels draw once their lazily loaded code is in: wait for each one's marks.
      const marks = ['heatmap-cell', 'state-box', 'state-box', 'histogram-bar', 'log-row', 'log-row'];
      for (const [index, mark] of marks.entries())
        await panel(page, index + 1)
          .getByTestId(mark)
          .first()
          .waitFor();
      await page.locator('[data-testid="news-item"], [data-testid="news-unreachable"]').nth(4).waitFor();
      await screenshot(page, 'panels-more');
      expect(await page.textContent('body')).not.toContain('not supported');
      expect(await page.locator('.panel-error').count()).toBe(0);

      // Heatmap: 4 columns × buckets of 10; a column's two samples in one bucket make one cell of 2.
      const counts = await attributes(page, 1, '[data-testid="heatmap-cell"]', 'data-count');
      expect(counts.map(Number).sort()).toEqual([1, 1, 1, 1, 2, 2]);
      expect(await panel(page, 1).locator('[data-testid="heatmap-y-label"]').allTextContents()).toEqual([
        '0',
        '10',
        '20',
        '30',
      ]);
      const fills = await attributes(page, 1, '[data-testid="heatmap-cell"]', 'fill');
      expect(new Set(fills).size).toBe(2); // one colour per distinct count
      await panel(page, 1).locator('[data-testid="heatmap-cell"]').first().hover();
      await expect
        .poll(() => panel(page, 1).getByTestId('panel-tooltip').textContent())
        .toContain('Bucket: 0 – 10');
      expect(await panel(page, 1).getByTestId('heatmap-tooltip-count').textContent()).toBe('Count: 2');

      // State timeline: equal neighbours merge (Up, Down, Up), mapped texts and colours.
      const rows = panel(page, 2).locator('[data-testid="state-row"]');
      expect(
        await rows.evaluateAll((nodes: any[]) => nodes.map((n) => n.getAttribute('data-name') as string)),
      ).toEqual(['status', 'mode']);
      const timeline = await attributes(
        page,
        2,
        '[data-testid="state-row"][data-name="status"] [data-testid="state-box"]',
        'data-text',
      );
      expect(timeline).toEqual(['Up', 'Down', 'Up']);
      const timelineColors = await attributes(
        page,
        2,
        '[data-testid="state-row"][data-name="status"] [data-testid="state-box"]',
        'data-color',
      );
      expect(timelineColors).toEqual(['#73BF69', '#F2495C', '#73BF69']);
      expect(
        await attributes(
          page,
          2,
          '[data-testid="state-row"][data-name="mode"] [data-testid="state-box"]',
          'data-text',
        ),
      ).toEqual(['ok', 'warn', 'ok']);
      expect(await panel(page, 2).getByTestId('state-legend').allTextContents()).toEqual([
        'Up',
        'Down',
        'ok',
        'warn',
      ]);
      await panel(page, 2).locator('[data-testid="state-box"][data-text="Down"]').hover();
      await expect.poll(() => panel(page, 2).getByTestId('state-tooltip-value').textContent()).toBe('Down');
      expect(await panel(page, 2).getByTestId('panel-tooltip').textContent()).toContain('Duration: 10m');

      // Status history: one cell per point, no merging.
      expect(
        await attributes(
          page,
          3,
          '[data-testid="state-row"][data-name="status"] [data-testid="state-box"]',
          'data-text',
        ),
      ).toEqual(['Up', 'Up', 'Down', 'Up']);
      expect(
        await attributes(
          page,
          3,
          '[data-testid="state-row"][data-name="status"] [data-testid="state-box"]',
          'data-color',
        ),
      ).toEqual(['#73BF69', '#73BF69', '#F2495C', '#73BF69']);
      expect(await panel(page, 3).locator('[data-testid="state-box"]').count()).toBe(8);

      // Histogram: buckets of 1 from 1; empty buckets draw no bar.
      expect(await attributes(page, 4, '[data-testid="histogram-bar"]', 'data-count')).toEqual([
        '1',
        '2',
        '3',
        '1',
      ]);
      await panel(page, 4).locator('[data-testid="histogram-bar"]').nth(2).hover();
      await expect
        .poll(() => panel(page, 4).getByTestId('histogram-tooltip-bucket').textContent())
        .toBe('3 – 4');

      // Logs from testdata: newest first, times shown, level colours on the edge.
      const lines = panel(page, 5).locator('[data-testid="log-row"]');
      expect(await lines.locator('.log-line').allTextContents()).toEqual([
        'cache miss',
        'slow query',
        'disk full',
        'service started',
      ]);
      expect(await attributes(page, 5, '[data-testid="log-row"]', 'data-level')).toEqual([
        'debug',
        'warning',
        'error',
        'info',
      ]);
      expect(await lines.locator('.log-time').first().textContent()).toBe('2026-01-01 00:03:00');
      expect(
        await lines
          .nth(2)
          .evaluate((n: any) => (globalThis as any).getComputedStyle(n).borderLeftColor as string),
      ).toBe('rgb(226, 77, 66)');

      // Logs from PostgreSQL: oldest first, the level read from the line itself.
      const sqlLines = panel(page, 6).locator('[data-testid="log-row"]');
      expect(await sqlLines.locator('.log-line').allTextContents()).toEqual([
        'line 3',
        'line 2',
        'line 1',
        'level=error something broke',
      ]);
      expect(await attributes(page, 6, '[data-testid="log-row"]', 'data-level')).toEqual([
        'unknown',
        'unknown',
        'unknown',
        'error',
      ]);
      expect(await panel(page, 6).locator('.log-time').count()).toBe(0);

      // News through svc: the loopback feed's items; a dead feed says so, with the reason.
      const items = panel(page, 7).getByTestId('news-item');
      expect(await items.count()).toBe(2);
      expect(await items.locator('a.news-title').allTextContents()).toEqual([
        'First headline',
        'Second headline',
      ]);
      // The first item's picture (an image enclosure), loaded from the feed's server, linking to
      // the article; showImage (Grafana's default true) set false draws none.
      const picture = items.first().getByTestId('news-image');
      expect(await picture.getAttribute('src')).toBe(`${feedBase}/picture.png`);
      expect(await picture.getAttribute('alt')).toBe('First headline');
      await expect.poll(() => picture.evaluate((img: any) => img.complete && img.naturalWidth)).toBe(1);
      expect(await items.first().locator('a.news-image').getAttribute('href')).toBe('http://example.test/1');
      expect(await items.nth(1).getByTestId('news-image').count()).toBe(0);
      expect(await panel(page, 9).getByTestId('news-item').count()).toBe(2);
      expect(await panel(page, 9).getByTestId('news-image').count()).toBe(0);
      expect(await items.first().locator('p').textContent()).toBe('Body one');
      expect(await items.first().locator('time').textContent()).toBe('2026-01-01 10:00:00');
      const dead = await panel(page, 8).getByTestId('news-unreachable').textContent();
      expect(dead).toMatch(/^Feed unreachable: .*ECONNREFUSED/);
      expect(await panel(page, 8).textContent()).not.toContain('No data');

      expect(await seriousViolations(page)).toEqual([]);
      // (the dead feed's 502, logged by the browser, is an expected answer: collectErrors skips it)
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('draws a Prometheus histogram as heatmap buckets, from format heatmap and from le series', async () => {
    const prometheus = await startPrometheus();
    try {
      const expr = 'sum by (le) (prometheus_http_request_duration_seconds_bucket)';
      const answer = (await (
        await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`)
      ).json()) as { data: { result: { metric: { le: string } }[] } };
      const bounds = answer.data.result
        .map((r) => (r.metric.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(r.metric.le)))
        .sort((a, b) => a - b);
      expect(bounds.length).toBeGreaterThan(3);
      expect(bounds[bounds.length - 1]).toBe(Number.POSITIVE_INFINITY);

      const server = await startTestServer();
      const created = await call(server, 'POST', '/api/datasources', {
        as: ADMIN,
        body: { name: 'Prom', type: 'prometheus', uid: 'e2e-prom', access: 'proxy', url: prometheus.url },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const prom = { type: 'prometheus', uid: 'e2e-prom' };
      const heatmap = (id: number, format: string, x: number) => ({
        id,
        type: 'heatmap',
        title: `Request duration (${format})`,
        gridPos: { x, y: 0, w: 12, h: 12 },
        datasource: prom,
        options: {
          calculate: false,
          color: { mode: 'scheme', scheme: 'Oranges', scale: 'exponential', exponent: 0.5 },
          yAxis: { unit: 's' },
        },
        targets: [{ refId: 'A', datasource: prom, expr, format, legendFormat: '{{le}}' }],
      });
      await saveDashboard(server, {
        uid: 'e2e-prom-heatmap',
        title: 'Prom heatmap',
        schemaVersion: 39,
        time: { from: 'now-5m', to: 'now' },
        panels: [heatmap(1, 'heatmap', 0), heatmap(2, 'time_series', 12)],
      });
      const { context, page, errors } = await newPage(server);
      try {
        await openSignedIn(page, '/d/e2e-prom-heatmap/prom-heatmap');
        await waitForPanels(page);
        for (const id of [1, 2]) await panel(page, id).getByTestId('heatmap-cell').first().waitFor();
        await screenshot(page, 'panels-more-prometheus-heatmap');
        for (const id of [1, 2]) {
          // one row per bucket: the lowest bound's floor (0) and every upper bound label the axis
          const labels = await panel(page, id).locator('[data-testid="heatmap-y-label"]').allTextContents();
          expect(labels, `panel ${id}`).toHaveLength(bounds.length + 1);
          expect(labels[labels.length - 1]).toBe('+Inf');
          expect(await panel(page, id).locator('[data-testid="heatmap-cell"]').count()).toBeGreaterThan(0);
        }
        // Both formats give the same cells: the data source's differencing (format heatmap) and the
        // panel's own (le series) agree. Both queries share the range and step; only the newest
        // columns may differ, when a scrape landed between the two queries.
        const cellsOf = (id: number) =>
          panel(page, id)
            .getByTestId('heatmap-cell')
            .evaluateAll((nodes: any[]) =>
              nodes.map((n) => ({
                x: Number(n.getAttribute('x')),
                y: Number(n.getAttribute('y')),
                count: Number(n.getAttribute('data-count')),
              })),
            );
        const settled = (cells: { x: number; y: number; count: number }[]) => {
          const columns = [...new Set(cells.map((c) => c.x))].sort((a, b) => a - b);
          const newest = new Set(columns.slice(-2));
          return cells
            .filter((c) => !newest.has(c.x))
            .map((c) => `${c.x.toFixed(1)},${c.y.toFixed(1)}:${c.count}`);
        };
        const fromServer = settled(await cellsOf(1));
        expect(fromServer.length).toBeGreaterThan(0);
        expect(settled(await cellsOf(2))).toEqual(fromServer);
        // cells a pixel wide: the pointer goes to the cell's place whatever is drawn on top
        await panel(page, 1).getByTestId('heatmap-cell').first().hover({ force: true });
        await expect
          .poll(() => panel(page, 1).getByTestId('heatmap-tooltip-bucket').textContent())
          .toMatch(/^Bucket: /);
        expect(await page.textContent('body')).not.toContain('not supported');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await prometheus.stop();
    }
  }, 120_000);
});
