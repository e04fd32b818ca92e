import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { canvasPixels, screenshot } from './browser.js';
import { createTestData, saveDashboard, TESTDATA } from './seed.js';
import { newPage, signIn, useChromium, waitForPanels } from './session.js';

// A colour no series uses: the built-in annotation source draws its markers in it.
const MARKER = '#FF00FF';
const HOUR = 3_600_000;

useChromium();

/** Horizontal position (0..1 of the canvas width) of the pixels close to a colour, on average. */
async function markerPosition(page: Page, selector: string, hex: string): Promise<number> {
  return page.$eval(
    selector,
    (canvas, color) => {
      const element = canvas as any;
      const { data } = element.getContext('2d').getImageData(0, 0, element.width, element.height);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
      let sum = 0;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (
          data[i + 3] > 100 &&
          Math.abs(data[i] - r!) < 40 &&
          Math.abs(data[i + 1] - g!) < 40 &&
          Math.abs(data[i + 2] - b!) < 40
        ) {
          sum += (i / 4) % element.width;
          count++;
        }
      }
      return count ? sum / count / element.width : -1;
    },
    hex,
  );
}

const isAnnotationsRequest = (response: Response) =>
  response.url().includes('/api/annotations?') && response.request().method() === 'GET';

describe('annotations in Chromium', () => {
  it('draws the annotations the API returns for the dashboard and its time range', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, {
      uid: 'e2e-annotations',
      title: 'E2E Annotations',
      schemaVersion: 39,
      annotations: {
        list: [
          {
            builtIn: 1,
            datasource: { type: 'grafana', uid: '-- Grafana --' },
            enable: true,
            hide: true,
            iconColor: MARKER,
            name: 'Annotations & Alerts',
            type: 'dashboard',
          },
        ],
      },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Walk',
          gridPos: { x: 0, y: 0, w: 24, h: 10 },
          datasource: TESTDATA,
          targets: [{ refId: 'A', datasource: TESTDATA, scenarioId: 'random_walk', seriesCount: 1, seed: 3 }],
        },
      ],
    });
    await saveDashboard(server, { uid: 'e2e-other', title: 'Other' });

    const to = Date.now() - HOUR;
    const from = to - 4 * HOUR;
    const path = `/d/e2e-annotations/e2e-annotations?from=${from}&to=${to}`;
    const { context, page, errors } = await newPage(server);
    try {
      // Without annotations: the request answers an empty list and nothing is drawn in the colour.
      await page.goto(path);
      await page.waitForURL(/\/login/);
      let answered = page.waitForResponse(isAnnotationsRequest);
      await signIn(page);
      let response = await answered;
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual([]);
      const requested = new URL(response.url());
      expect(requested.searchParams.get('dashboardUID')).toBe('e2e-annotations');
      expect(requested.searchParams.get('from')).toBe(String(from));
      expect(requested.searchParams.get('to')).toBe(String(to));
      await waitForPanels(page);
      // the panel body is loaded on demand
      const canvas = '[data-panel-id="1"] canvas';
      await page.waitForSelector(canvas);
      await expect.poll(() => canvasPixels(page, canvas, '#7EB26D')).toBeGreaterThan(100);
      expect(await canvasPixels(page, canvas, MARKER)).toBe(0);

      // One annotation in the middle of the range, one before it and one on another dashboard.
      const annotate = async (body: object) => {
        const created = await call(server, 'POST', '/api/annotations', { as: ADMIN, body });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        return created.body.id as number;
      };
      const middle = from + 2 * HOUR;
      const id = await annotate({
        dashboardUID: 'e2e-annotations',
        panelId: 1,
        time: middle,
        text: 'Deploy',
      });
      await annotate({ dashboardUID: 'e2e-annotations', time: from - HOUR, text: 'Too early' });
      await annotate({ dashboardUID: 'e2e-other', time: middle, text: 'Elsewhere' });

      answered = page.waitForResponse(isAnnotationsRequest);
      await page.reload();
      response = await answered;
      expect(response.status()).toBe(200);
      expect(await response.json()).toEqual([
        expect.objectContaining({
          id,
          dashboardUID: 'e2e-annotations',
          time: middle,
          timeEnd: middle,
          text: 'Deploy',
        }),
      ]);
      await waitForPanels(page);
      await page.waitForSelector(canvas);
      // The marker: a dashed vertical line across the plot in the annotation colour, mid-range.
      await expect.poll(() => canvasPixels(page, canvas, MARKER), { timeout: 10_000 }).toBeGreaterThan(40);
      const x = await markerPosition(page, canvas, MARKER);
      expect(x).toBeGreaterThan(0.4);
      expect(x).toBeLessThan(0.65);
      await screenshot(page, 'annotations');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
