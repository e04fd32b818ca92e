import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createTestData, saveDashboard, TESTDATA } from './seed.js';
import { newPage, openSignedIn, useChromium, waitForPanels } from './session.js';

useChromium();

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString().replace('.000Z', 'Z');
const RANGE = `from=${T0 - 5 * 60_000}&to=${T0 + 40 * 60_000}`;

const csv = (rows: string[]) => [
  { refId: 'A', datasource: TESTDATA, scenarioId: 'csv_content', csvContent: rows.join('\n') },
];
const STATES = ['time,status', `${at(0)},1`, `${at(10)},1`, `${at(20)},0`, `${at(30)},1`];

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Lab</title>
<item><title>Local headline</title><link>http://example.test/1</link><description>Body</description></item>
</channel></rss>`;

/** One panel of each newer type, with Grafana's defaults (no options set). */
function optionsDashboard() {
  const grid = (i: number) => ({ x: (i % 2) * 12, y: Math.floor(i / 2) * 8, w: 12, h: 8 });
  const panel = (id: number, type: string, title: string, targets?: object[]) => ({
    id,
    type,
    title,
    gridPos: grid(id - 1),
    ...(targets ? { datasource: TESTDATA, targets } : {}),
  });
  return {
    uid: 'e2e-panel-options',
    title: 'Panel options',
    schemaVersion: 39,
    timezone: 'utc',
    time: { from: 'now-6h', to: 'now' },
    panels: [
      panel(
        1,
        'heatmap',
        'Heat',
        csv(['time,a', `${at(0)},1`, `${at(10)},5`, `${at(20)},15`, `${at(30)},25`]),
      ),
      panel(2, 'state-timeline', 'Timeline', csv(STATES)),
      panel(3, 'status-history', 'History', csv(STATES)),
      panel(
        4,
        'histogram',
        'Histo',
        csv(['time,v', `${at(0)},1`, `${at(10)},5`, `${at(20)},15`, `${at(30)},25`]),
      ),
      panel(
        5,
        'logs',
        'Logs',
        csv(['time,message', `${at(0)},same line`, `${at(10)},same line`, `${at(20)},other line`]),
      ),
      { ...panel(6, 'news', 'News'), options: { feedUrl: 'http://127.0.0.1:9/none.xml' } },
    ],
  };
}

let feeds: Server;
let feedUrl: string;
beforeAll(async () => {
  feeds = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS),
  );
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}/rss`;
});
afterAll(async () => {
  feeds.closeAllConnections();
  await new Promise((resolve) => feeds.close(resolve));
});

const panel = (page: Page, id: number) => page.locator(`[data-panel-id="${id}"]`);
const count = (locator: Locator) => locator.count();
const strokeWidths = (locator: Locator) =>
  locator
    .getByTestId('state-box')
    .evaluateAll((boxes: any[]) => boxes.map((b) => b.getAttribute('stroke-width')));

/** Opens a panel's editor from the dashboard, lets `change` set an option, applies it. */
async function editPanel(page: Page, title: string, change: (editor: Locator) => Promise<unknown>) {
  await page.getByRole('button', { name: `Edit panel ${title}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit panel' });
  await change(editor.getByLabel('Panel options'));
  await editor.getByRole('button', { name: 'Apply' }).click();
  await editor.waitFor({ state: 'detached' });
}

async function savedPanels(server: TestServer): Promise<Record<string, any>> {
  const response = await call(server, 'GET', '/api/dashboards/uid/e2e-panel-options', { as: ADMIN });
  expect(response.status).toBe(200);
  return Object.fromEntries((response.body.dashboard.panels as any[]).map((p) => [p.type, p]));
}

describe('options of the newer panel types in the panel editor', () => {
  it('sets one option of each type, saves it under Grafana’s name and draws its effect', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, optionsDashboard());
    const { context, page, errors } = await newPage(server, { viewport: { width: 1400, height: 1100 } });
    try {
      await openSignedIn(page, `/d/e2e-panel-options/panel-options?${RANGE}`);
      await waitForPanels(page);
      await panel(page, 1).getByTestId('heatmap-cell').first().waitFor();
      await panel(page, 4).getByTestId('histogram-bar').first().waitFor();
      await panel(page, 5).getByTestId('log-row').first().waitFor();
      // before: Grafana's defaults drawn
      expect(await count(panel(page, 1).getByTestId('heatmap-y-label'))).toBeGreaterThan(0);
      expect(await count(panel(page, 2).getByTestId('state-box'))).toBe(3); // 1,1 merged, 0, 1
      // Grafana's default custom.lineWidth: 0 for the state timeline, 1 for the status history
      expect(await strokeWidths(panel(page, 2))).toEqual(['0', '0', '0']);
      expect(await panel(page, 3).getByTestId('state-box').first().getAttribute('stroke-width')).toBe('1');
      expect(await count(panel(page, 4).getByTestId('histogram-bar'))).toBeGreaterThan(1);
      expect(await count(panel(page, 5).getByTestId('log-row'))).toBe(3);
      await panel(page, 6).getByTestId('news-unreachable').waitFor();

      await editPanel(page, 'Heat', (o) => o.getByLabel('Y axis placement').selectOption('hidden'));
      await editPanel(page, 'Timeline', async (o) => {
        expect(await o.getByLabel('Line width').inputValue()).toBe('0');
        await o.getByLabel('Merge equal consecutive values').uncheck();
      });
      await editPanel(page, 'History', async (o) => {
        expect(await o.getByLabel('Line width').inputValue()).toBe('1');
        await o.getByLabel('Line width').fill('3');
      });
      await editPanel(page, 'Histo', (o) => o.getByLabel('Bucket size').fill('100'));
      await editPanel(page, 'Logs', (o) => o.getByLabel('Deduplication').selectOption('exact'));
      await editPanel(page, 'News', (o) => o.getByLabel('Feed URL').fill(feedUrl));

      await page.getByRole('button', { name: 'Save dashboard' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save dashboard changes' });
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);

      const saved = await savedPanels(server);
      expect(saved.heatmap.options).toMatchObject({ yAxis: { axisPlacement: 'hidden' } });
      expect(saved['state-timeline'].options).toMatchObject({ mergeValues: false });
      expect(saved['status-history'].fieldConfig.defaults.custom).toMatchObject({ lineWidth: 3 });
      expect(saved.histogram.options).toMatchObject({ bucketSize: 100 });
      expect(saved.logs.options).toMatchObject({ dedupStrategy: 'exact' });
      expect(saved.news.options).toMatchObject({ feedUrl });

      // after: each option's effect drawn on the saved dashboard, read again from the server
      await page.reload();
      await waitForPanels(page);
      // as before the edits: a panel's state can be done before its first draw
      await panel(page, 1).getByTestId('heatmap-cell').first().waitFor();
      await panel(page, 4).getByTestId('histogram-bar').first().waitFor();
      await panel(page, 5).getByTestId('log-row').first().waitFor();
      expect(await count(panel(page, 1).getByTestId('heatmap-y-label'))).toBe(0);
      expect(await count(panel(page, 2).getByTestId('state-box'))).toBe(4);
      expect(await strokeWidths(panel(page, 2))).toEqual(['0', '0', '0', '0']);
      expect(await panel(page, 3).getByTestId('state-box').first().getAttribute('stroke-width')).toBe('3');
      expect(await count(panel(page, 4).getByTestId('histogram-bar'))).toBe(1);
      expect(await count(panel(page, 5).getByTestId('log-row'))).toBe(2);
      expect(await panel(page, 5).getByTestId('log-duplicates').textContent()).toBe('2x');
      await panel(page, 6).getByTestId('news-item').waitFor();
      expect(await panel(page, 6).getByTestId('news-item').locator('a').textContent()).toBe('Local headline');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
