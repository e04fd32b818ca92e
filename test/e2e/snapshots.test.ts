import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { canvasPixels, recordQueries, screenshot } from './browser.js';
import { newPage, openSignedIn, useChromium } from './session.js';

useChromium();

const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const times = Array.from({ length: 30 }, (_, i) => T0 + i * 60_000);

/** A snapshot as Grafana's UI posts it: panels carry their data, the data source is gone. */
const model = {
  title: 'Frozen production',
  time: { from: new Date(T0).toISOString(), to: new Date(T0 + 29 * 60_000).toISOString() },
  panels: [
    {
      id: 1,
      type: 'timeseries',
      title: 'CPU',
      gridPos: { x: 0, y: 0, w: 16, h: 8 },
      datasource: { type: 'prometheus', uid: 'gone' },
      targets: [{ refId: 'A', expr: 'cpu' }],
      snapshotData: [
        {
          refId: 'A',
          fields: [
            { name: 'time', type: 'time', values: times },
            { name: 'cpu', type: 'number', values: times.map((_, i) => Math.sin(i / 4) + 2) },
          ],
        },
      ],
    },
    {
      id: 2,
      type: 'stat',
      title: 'Requests',
      gridPos: { x: 16, y: 0, w: 8, h: 8 },
      datasource: { type: 'prometheus', uid: 'gone' },
      targets: [{ refId: 'A', expr: 'requests' }],
      options: { reduceOptions: { calcs: ['lastNotNull'] } },
      // the wire form of /api/ds/query frames is read too
      snapshotData: [
        {
          schema: {
            refId: 'A',
            fields: [
              { name: 'time', type: 'time' },
              { name: 'requests', type: 'number' },
            ],
          },
          data: {
            values: [
              [T0, T0 + 60_000],
              [40, 42],
            ],
          },
        },
      ],
    },
    { id: 3, type: 'stat', title: 'Nothing', gridPos: { x: 0, y: 8, w: 8, h: 4 }, snapshotData: [] },
  ],
};

describe('snapshots in Chromium', () => {
  it('/dashboard/snapshot/{key} draws the frozen data without asking any data source', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/snapshots', { as: ADMIN, body: { dashboard: model } });
    expect(created.status).toBe(200);
    const { context, page, errors } = await newPage(server);
    try {
      const queries = recordQueries(page);
      await openSignedIn(page, `/dashboard/snapshot/${created.body.key}`);
      await page.getByRole('heading', { name: 'Frozen production' }).waitFor();
      await page.waitForSelector('[data-panel-id="2"] [data-testid=stat-value]');
      expect(await page.textContent('[data-panel-id="2"] [data-testid=stat-value]')).toBe('42');
      await page.waitForSelector('[data-panel-id="1"] canvas');
      // The classic palette's first colour: the series is drawn.
      await expect
        .poll(() => canvasPixels(page, '[data-panel-id="1"] canvas', '#7EB26D'), { timeout: 10_000 })
        .toBeGreaterThan(100);
      expect(await page.textContent('[data-panel-id="3"]')).toContain('No data');
      expect(queries.queries).toEqual([]);
      expect(errors).toEqual([]);
      await screenshot(page, 'snapshot-view');

      await page.goto('/dashboard/snapshot/no-such-key');
      await page.getByRole('heading', { name: 'Snapshot not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
