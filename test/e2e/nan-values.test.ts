import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { PG_ADMIN } from '../helpers/databases.js';
import { screenshot } from './browser.js';
import { saveDashboard } from './seed.js';
import { newPage, openSignedIn, waitForPanels, useChromium } from './session.js';

useChromium();

const PG = { type: 'grafana-postgresql-datasource', uid: 'e2e-pg-nan' };

/** A PostgreSQL table query: float8 has NaN and ±Infinity, which JSON carries in `data.entities`. */
const sql = (rawSql: string) => [
  { refId: 'A', datasource: PG, format: 'table', rawQuery: true, editorMode: 'code', rawSql },
];

// As Node Exporter Full's "SWAP Used" on a host without swap (0/0): a null mapping that must not
// catch NaN.
const NULL_AS_NA = [{ type: 'special', options: { match: 'null', result: { text: 'N/A' } } }];

function nanDashboard() {
  const grid = (i: number) => ({ x: (i % 4) * 6, y: Math.floor(i / 4) * 6, w: 6, h: 6 });
  const single = (id: number, type: string, title: string, rawSql: string) => ({
    id,
    type,
    title,
    gridPos: grid(id - 1),
    datasource: PG,
    fieldConfig: { defaults: { mappings: NULL_AS_NA, unit: 'percent' }, overrides: [] },
    options: { reduceOptions: { calcs: ['lastNotNull'] } },
    targets: sql(rawSql),
  });
  return {
    uid: 'e2e-nan',
    title: 'NaN values',
    schemaVersion: 39,
    time: { from: 'now-1h', to: 'now' },
    panels: [
      single(1, 'stat', 'NaN stat', "SELECT 'NaN'::float8 AS used"),
      single(2, 'gauge', 'NaN gauge', "SELECT 'NaN'::float8 AS used"),
      single(3, 'bargauge', 'NaN bar gauge', "SELECT 'NaN'::float8 AS used"),
      single(4, 'stat', 'Infinity stat', "SELECT 'Infinity'::float8 AS used"),
      single(5, 'gauge', 'Minus infinity gauge', "SELECT '-Infinity'::float8 AS used"),
      // lastNotNull skips the trailing null but not the NaN before it
      single(
        6,
        'stat',
        'NaN then null',
        "SELECT * FROM (VALUES (1.5::float8), ('NaN'::float8), (NULL::float8)) AS v(used)",
      ),
      single(7, 'stat', 'Null only', 'SELECT NULL::float8 AS used'),
      {
        id: 8,
        type: 'timeseries',
        title: 'NaN gap',
        gridPos: grid(7),
        datasource: PG,
        targets: sql(
          "SELECT now() - make_interval(mins => n) AS time, CASE WHEN n = 3 THEN 'NaN'::float8 ELSE n END AS v " +
            'FROM generate_series(1, 5) AS n ORDER BY 1',
        ),
      },
      // The latest row is NaN: Grafana's legend shows Last * and Mean as NaN; Max skips it.
      {
        id: 9,
        type: 'timeseries',
        title: 'NaN legend',
        gridPos: grid(8),
        datasource: PG,
        options: {
          legend: { showLegend: true, displayMode: 'table', calcs: ['lastNotNull', 'mean', 'max'] },
        },
        targets: sql(
          "SELECT now() - make_interval(mins => n) AS time, CASE WHEN n = 1 THEN 'NaN'::float8 ELSE n END AS v " +
            'FROM generate_series(1, 5) AS n ORDER BY 1',
        ),
      },
    ],
  };
}

const panel = (page: Page, id: number) => page.locator(`[data-panel-id="${id}"]`);

describe('NaN and infinities in Chromium, as Grafana shows them', () => {
  it('shows NaN, ∞ and -∞ in stat, gauge and bar gauge; time series leave NaN as a gap and show it in legend calcs', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: {
        name: 'NaN PG',
        type: PG.type,
        uid: PG.uid,
        access: 'proxy',
        url: `${PG_ADMIN.host}:${PG_ADMIN.port}`,
        user: PG_ADMIN.user,
        jsonData: { database: 'postgres', sslmode: 'disable' },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    // The wire: null in the values, the row listed under NaN in the field's entities.
    const query = await call(server, 'POST', '/api/ds/query', {
      as: ADMIN,
      body: { from: 'now-1h', to: 'now', queries: sql("SELECT 'NaN'::float8 AS used") },
    });
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    const frame = query.body.results.A.frames[0];
    expect(frame.data.values).toEqual([[null]]);
    expect(frame.data.entities).toEqual([{ NaN: [0] }]);

    await saveDashboard(server, nanDashboard());
    const { context, page, errors } = await newPage(server, { viewport: { width: 1400, height: 900 } });
    try {
      await openSignedIn(page, '/d/e2e-nan/nan-values');
      await waitForPanels(page);
      await panel(page, 8).locator('.timeseries-panel').waitFor();
      await screenshot(page, 'nan-values');

      const statText = (id: number) => panel(page, id).getByTestId('stat-value').locator('.stat-value');
      expect(await statText(1).textContent()).toBe('NaN');
      expect(await panel(page, 2).locator('.gauge-value').textContent()).toBe('NaN');
      expect(await panel(page, 3).locator('.bargauge-value').textContent()).toBe('NaN');
      // Grafana's formatters show infinities as toLocaleString does, without the unit
      expect(await statText(4).textContent()).toBe('∞');
      expect(await panel(page, 5).locator('.gauge-value').textContent()).toBe('-∞');
      expect(await statText(6).textContent()).toBe('NaN');
      // a real null still takes the dashboard's null mapping
      expect(await statText(7).textContent()).toBe('N/A');

      // No NaN reaches SVG geometry: the gauge arcs and bar widths are numbers.
      const geometry = await page.$$eval('[data-panel-id] path, [data-panel-id] polyline', (nodes: any[]) =>
        nodes.map((n) => `${n.getAttribute('d') ?? ''}${n.getAttribute('points') ?? ''}`),
      );
      expect(geometry.filter((d) => d.includes('NaN') || d.includes('Infinity'))).toEqual([]);
      const barWidth = await panel(page, 3)
        .locator('.bargauge-bar')
        .evaluate((n: any) => n.style.width);
      expect(barWidth).toBe('0%');

      // The time series draws its four numbers and leaves the NaN row as a gap.
      expect(await panel(page, 8).locator('.timeseries-panel').getAttribute('data-point-count')).toBe('4');
      // Legend calcs of a series ending in NaN: NaN shown as NaN, not as a missing value.
      await panel(page, 9).locator('.legend-table').waitFor();
      expect(await panel(page, 9).locator('.legend-table th').allTextContents()).toEqual([
        '',
        'Last *',
        'Mean',
        'Max',
      ]);
      expect(await panel(page, 9).locator('.legend-table tbody td.number').allTextContents()).toEqual([
        'NaN',
        'NaN',
        '5',
      ]);
      expect(await page.locator('.panel-error').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
