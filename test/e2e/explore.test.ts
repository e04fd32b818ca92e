import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { PG_ADMIN } from '../helpers/databases.js';
import { createUser } from '../helpers/factories.js';
import { startPrometheus } from '../helpers/prometheus.js';
import { expectNoSeriousViolations } from './axe.js';
import { canvasPixels, recordQueries, screenshot } from './browser.js';
import { newPage, openSignedIn, useChromium } from './session.js';
import { expectWalkable, tabWalk } from './tab-walk.js';

// Issue #21 item 4: Explore against a real Prometheus and a real PostgreSQL in Chromium.

useChromium({ hookTimeout: 300_000 });

const PROM = 'e2e-prom';
const PG = 'e2e-pg';

async function addDataSource(server: TestServer, body: object): Promise<void> {
  const response = await call(server, 'POST', '/api/datasources', { as: ADMIN, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const pane = (page: Page, name: 'Left' | 'Right') => page.getByRole('region', { name: `${name} pane` });
const cells = (of: Locator) => of.getByRole('region', { name: 'Table' }).locator('td').allTextContents();
const headers = (of: Locator) => of.getByRole('region', { name: 'Table' }).locator('th').allTextContents();
const exprs = (queries: any[]) => queries.flatMap((body) => body.queries.map((q: any) => q.expr ?? q.rawSql));

describe('Explore in Chromium', () => {
  it('queries Prometheus and PostgreSQL, splits, re-runs from history, keeps the URL, adds to a dashboard; a Viewer is refused', async () => {
    const prometheus = await startPrometheus({ minSamples: 3 });
    const database = `svc_e2e_explore_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ ...PG_ADMIN, database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    try {
      const client = new pg.Client({ ...PG_ADMIN, database });
      await client.connect();
      await client.query('CREATE TABLE hosts (name text, load double precision)');
      await client.query("INSERT INTO hosts VALUES ('alpha', 0.5), ('beta', 1.25), ('gamma', 3)");
      await client.end();

      const server = await startTestServer();
      await addDataSource(server, {
        name: 'Prom',
        type: 'prometheus',
        uid: PROM,
        access: 'proxy',
        url: prometheus.url,
        isDefault: true,
      });
      await addDataSource(server, {
        name: 'Local PG',
        type: 'grafana-postgresql-datasource',
        uid: PG,
        access: 'proxy',
        url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
        user: PG_ADMIN.user,
        jsonData: { database, sslmode: 'disable' },
      });
      const viewer = await createUser(server, { login: 'viewer1', orgRole: 'Viewer' });

      const { context, page, errors } = await newPage(server);
      const sent = recordQueries(page);
      try {
        // The nav link leads to Explore; the PromQL editor of the panel editor, run with Shift+Enter.
        await openSignedIn(page, '/');
        await page.getByRole('link', { name: 'Explore', exact: true }).click();
        await page.waitForURL(/\/explore/);
        const left = pane(page, 'Left');
        expect(await left.getByLabel('Data source', { exact: true }).inputValue()).toBe(PROM);
        const promql = left.getByLabel('PromQL query');
        await promql.fill('up');
        sent.clear();
        await promql.press('Shift+Enter');
        expect(await promql.inputValue()).toBe('up'); // the key ran the query, it typed no newline
        await expect.poll(() => cells(left), { timeout: 15_000 }).toContain('prometheus');
        expect(await cells(left)).toContain(`127.0.0.1:${prometheus.port}`);
        expect(await headers(left)).toEqual(expect.arrayContaining(['job', 'instance', 'Value']));
        expect(exprs(sent.queries)).toContain('up');
        // the graph: uPlot's canvas in the pane's graph section. A Prometheus started seconds ago may
        // have no sample in the first range query's steps yet (the instant table has one): run it again.
        const graph = left.getByRole('region', { name: 'Graph' });
        await expect
          .poll(
            async () => {
              const drawn = await graph.locator('canvas').count();
              if (drawn === 0) await promql.press('Shift+Enter');
              return drawn;
            },
            { timeout: 20_000, interval: 1_000 },
          )
          .toBeGreaterThan(0);
        // The time picker: the last 5 minutes, where the seconds-old Prometheus' series fills the graph.
        sent.clear();
        await left.getByRole('button', { name: /^Time range:/ }).click();
        await left.getByRole('button', { name: 'Last 5 minutes' }).click();
        // (leaving the query field runs it too, as in the panel editor: the last request counts)
        const span = (body: any) => Number(body.to) - Number(body.from);
        await expect.poll(() => sent.queries.map(span).at(-1)).toBe(5 * 60_000);
        const graphCanvas = '[aria-label="Left pane"] [aria-label="Graph"] canvas';
        await expect.poll(() => canvasPixels(page, graphCanvas, '#7EB26D')).toBeGreaterThan(10);
        await screenshot(page, 'explore-prometheus');
        // By keyboard: the PromQL editor with its metrics browser open (filtered), and the results.
        await left.getByRole('button', { name: 'Metrics browser' }).click();
        const browser = left.getByRole('region', { name: 'Metrics browser' });
        await browser.getByLabel('Filter metrics').fill('up');
        await browser.getByRole('button', { name: 'up', exact: true }).waitFor();
        expectWalkable(
          await tabWalk(page, '[aria-label="Left pane"]', { fromInside: true }),
          'Explore over Prometheus',
        );
        await expectNoSeriousViolations(page, 'Explore over Prometheus');
        await left.getByRole('button', { name: 'Metrics browser' }).click();
        await browser.waitFor({ state: 'detached' });

        // A run started before the previous one answered keeps the last results drawn: the same
        // table element stays (leaving the query field runs the query, so runs do overlap).
        await page.route('**/api/ds/query', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 400));
          await route.continue();
        });
        await left.locator('.table-panel').evaluate((el: any) => el.setAttribute('data-kept', ''));
        const runQuery = left.getByRole('button', { name: 'Run query' });
        await runQuery.click();
        await runQuery.click();
        await expect.poll(() => left.locator('.explore-results').getAttribute('data-state')).toBe('loading');
        expect(await left.locator('.table-panel[data-kept]').count()).toBe(1);
        await expect.poll(() => left.locator('.explore-results').getAttribute('data-state')).toBe('done');
        expect(await left.locator('.table-panel[data-kept]').count()).toBe(1);
        await page.unroute('**/api/ds/query');

        // The URL holds the pane (Grafana's left=<json>): a reload runs the same query again.
        const url = new URL(page.url());
        expect(JSON.parse(url.searchParams.get('left')!)).toMatchObject({
          datasource: PROM,
          queries: [{ refId: 'A', expr: 'up' }],
          range: { from: 'now-5m', to: 'now' },
        });
        sent.clear();
        await page.reload();
        await expect.poll(() => cells(pane(page, 'Left')), { timeout: 15_000 }).toContain('prometheus');
        expect(await pane(page, 'Left').getByLabel('PromQL query').inputValue()).toBe('up');
        expect(exprs(sent.queries)).toContain('up');

        // A second query, then the first again from the history.
        await promql.fill('count(up)');
        await left.getByRole('button', { name: 'Run query' }).click();
        await expect.poll(() => headers(left)).not.toContain('job');
        expect(await cells(left)).toContain('1');
        await left.getByRole('button', { name: 'Query history' }).click();
        const history = left.getByRole('region', { name: 'Query history' });
        expect(await history.locator('li code').allTextContents()).toEqual(['count(up)', 'up']);
        sent.clear();
        await history.getByRole('button', { name: /up$/ }).last().click();
        expect(await promql.inputValue()).toBe('up');
        await expect.poll(() => cells(left)).toContain('prometheus');
        expect(exprs(sent.queries)).toEqual(['up', 'up']); // the range query and its instant table twin

        // Split: the right pane gets its own data source and query (SQL) next to the left one.
        await page.getByRole('button', { name: 'Split' }).click();
        const right = pane(page, 'Right');
        await right.getByLabel('Data source', { exact: true }).selectOption(PG);
        await right.getByLabel('SQL query').fill('SELECT name, load FROM hosts ORDER BY name');
        await right.getByRole('button', { name: 'Run query' }).click();
        await expect.poll(() => cells(right)).toEqual(['alpha', '0.5', 'beta', '1.25', 'gamma', '3']);
        expect(await cells(left)).toContain('prometheus');
        expect(await left.getByLabel('PromQL query').inputValue()).toBe('up');
        const split = new URL(page.url());
        expect(JSON.parse(split.searchParams.get('right')!)).toMatchObject({
          datasource: PG,
          queries: [{ rawSql: 'SELECT name, load FROM hosts ORDER BY name' }],
        });
        await screenshot(page, 'explore-split');

        // Add to dashboard: a saved dashboard whose panel holds the SQL query and shows its rows.
        await right.getByRole('button', { name: 'Add to dashboard' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add panel to dashboard' });
        expect(await dialog.getByLabel('New dashboard').isChecked()).toBe(true);
        await dialog.getByRole('button', { name: 'Open dashboard' }).click();
        await page.waitForURL(/\/d\//);
        const uid = /\/d\/([^/?]+)/.exec(new URL(page.url()).pathname)![1]!;
        const saved = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });
        expect(saved.status).toBe(200);
        expect(saved.body.dashboard.panels).toEqual([
          expect.objectContaining({
            type: 'table',
            datasource: { type: 'grafana-postgresql-datasource', uid: PG },
            targets: [
              expect.objectContaining({ refId: 'A', rawSql: 'SELECT name, load FROM hosts ORDER BY name' }),
            ],
          }),
        ]);
        await expect.poll(() => page.locator('[data-panel-id] td').allTextContents()).toContain('gamma');

        // Back to the split link: both panes run again; closing the left leaves the SQL pane.
        await page.goBack();
        await page.waitForURL(/\/explore/);
        await expect.poll(() => cells(right)).toEqual(['alpha', '0.5', 'beta', '1.25', 'gamma', '3']);
        await expect.poll(() => cells(left)).toContain('prometheus');
        await left.getByRole('button', { name: 'Close left pane' }).click();
        expect(await right.count()).toBe(0);
        expect(await left.getByLabel('Data source', { exact: true }).inputValue()).toBe(PG);
        await expect.poll(() => cells(left)).toEqual(['alpha', '0.5', 'beta', '1.25', 'gamma', '3']);
        expect(new URL(page.url()).searchParams.get('right')).toBeNull();

        // Add to an existing dashboard: picked by title, the panel goes below the one it has.
        const title = saved.body.dashboard.title as string;
        await left.getByRole('button', { name: 'Add to dashboard' }).click();
        await dialog.getByLabel('Existing dashboard').check();
        await dialog.getByLabel('Search dashboards').fill(title);
        await expect.poll(() => dialog.getByLabel('Dashboard', { exact: true }).inputValue()).toBe(uid);
        await dialog.getByRole('button', { name: 'Open dashboard' }).click();
        await page.waitForURL(new RegExp(`/d/${uid}`));
        const grown = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });
        expect(grown.body.dashboard.version).toBe(saved.body.dashboard.version + 1);
        expect(grown.body.dashboard.panels).toEqual([
          saved.body.dashboard.panels[0],
          expect.objectContaining({
            id: 2,
            type: 'table',
            gridPos: { x: 0, y: 10, w: 24, h: 10 },
            targets: [expect.objectContaining({ rawSql: 'SELECT name, load FROM hosts ORDER BY name' })],
          }),
        ]);
        await expect.poll(() => page.locator('[data-panel-id] td').count()).toBeGreaterThanOrEqual(12);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }

      // A Viewer lacks datasources:explore: no nav link, and the page refuses.
      const other = await newPage(server);
      try {
        await openSignedIn(other.page, '/', viewer.login, viewer.password);
        await other.page.getByRole('link', { name: 'Dashboards', exact: true }).waitFor();
        expect(await other.page.getByRole('link', { name: 'Explore', exact: true }).count()).toBe(0);
        await other.page.goto('/explore');
        await expect.poll(() => other.page.textContent('.page-error')).toContain('Access denied');
        expect(await other.page.getByRole('region', { name: 'Left pane' }).count()).toBe(0);
      } finally {
        await other.context.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
      await prometheus.stop();
    }
  }, 90_000);
});
