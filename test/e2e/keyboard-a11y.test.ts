import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { seriousViolations } from './axe.js';
import { screenshot } from './browser.js';
import { createTestData, overviewDashboard, saveDashboard, TESTDATA } from './seed.js';
import { newPage, openSignedIn, waitForPanels } from './session.js';
import type { Page } from 'playwright-core';
import { useChromium } from './session.js';

useChromium();

/** Two time series of the same random walk: the full width and a quarter of it. */
function axisDashboard() {
  const panel = (id: number, x: number, w: number) => ({
    id,
    type: 'timeseries',
    title: `Walk ${w}`,
    gridPos: { x, y: 0, w, h: 8 },
    datasource: TESTDATA,
    fieldConfig: { defaults: { unit: 'bytes' }, overrides: [] },
    options: { legend: { showLegend: false } },
    targets: [{ refId: 'A', datasource: TESTDATA, scenarioId: 'random_walk', seriesCount: 1 }],
  });
  return {
    uid: 'e2e-axis',
    title: 'Axis',
    schemaVersion: 39,
    time: { from: 'now-24h', to: 'now' },
    panels: [panel(1, 0, 24), { ...panel(2, 0, 6), gridPos: { x: 0, y: 8, w: 6, h: 8 } }],
  };
}

async function expectNoSeriousViolations(page: Page, name: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

async function seeded(): Promise<TestServer> {
  const server = await startTestServer();
  await createTestData(server);
  await saveDashboard(server, overviewDashboard());
  return server;
}

describe('keyboard shortcuts and accessibility', () => {
  it('drives the dashboard with Grafana shortcuts: v, Esc, e, d r, t z, t ←/→, ?', async () => {
    const server = await seeded();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-overview?from=now-6h&to=now');
      await waitForPanels(page);
      const queries: number[] = [];
      page.on('request', (r) => r.url().endsWith('/api/ds/query') && queries.push(Date.now()));

      // A panel chosen by keyboard focus: `v` views it alone, Esc goes back to the grid.
      await page.focus('[data-panel-id="1"]');
      await page.keyboard.press('v');
      await page.waitForURL(/[?&]viewPanel=1(&|$)/);
      await page.waitForSelector('.view-panel [data-panel-id="1"]');
      expect(await page.$$eval('[data-panel-id]', (els) => els.length)).toBe(1);
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('viewPanel'));
      await page.waitForSelector('.grid [data-panel-id="2"]');

      // The panel under the mouse when none has focus.
      await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
      await page.hover('[data-panel-id="2"] .panel-body');
      await page.keyboard.press('v');
      await page.waitForURL(/[?&]viewPanel=2(&|$)/);
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('viewPanel'));

      // d r runs every panel's queries again.
      await waitForPanels(page);
      queries.length = 0;
      await page.keyboard.press('d');
      await page.keyboard.press('r');
      await expect.poll(() => queries.length).toBeGreaterThan(0);

      // t z doubles the range around its centre (the end kept at now at most).
      const rangeOf = () => {
        const url = new URL(page.url());
        return { from: url.searchParams.get('from')!, to: url.searchParams.get('to')! };
      };
      const before = Date.now();
      await page.keyboard.press('t');
      await page.keyboard.press('z');
      await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('from') ?? ''));
      let range = rangeOf();
      const span = Number(range.to) - Number(range.from);
      expect(span).toBeGreaterThan(8.9 * 3600_000);
      expect(span).toBeLessThanOrEqual(12 * 3600_000 + 1000);
      expect(Number(range.to)).toBeGreaterThanOrEqual(before - 1000);
      // 6 h around its centre doubled is now-9h to now+3h; the end is kept at now.
      expect(Number(range.from)).toBeLessThan(before - 8.9 * 3600_000);

      // t ← moves the range back by half its span, t → forward again.
      const zoomed = range;
      await page.keyboard.press('t');
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL((url) => url.searchParams.get('from') !== zoomed.from);
      range = rangeOf();
      expect(Number(range.from)).toBe(Number(zoomed.from) - Math.round(span / 2));
      expect(Number(range.to)).toBe(Number(zoomed.to) - Math.round(span / 2));
      await page.keyboard.press('t');
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => url.searchParams.get('from') === zoomed.from);
      expect(rangeOf()).toEqual(zoomed);

      // Keys typed into a field are the field's.
      await page.focus('#var-note');
      await page.keyboard.press('v');
      expect(new URL(page.url()).searchParams.has('viewPanel')).toBe(false);
      await page.evaluate(() => (globalThis as any).document.activeElement?.blur());

      // ? lists the shortcuts; Esc closes the list.
      await page.keyboard.press('?');
      await page.waitForSelector('[role=dialog][aria-label="Keyboard shortcuts"]');
      expect(await page.textContent('.shortcuts-help')).toContain('Zoom out the time range');
      await expectNoSeriousViolations(page, 'shortcuts help');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role=dialog][aria-label="Keyboard shortcuts"]', { state: 'detached' });

      // e opens the focused panel's editor (?editPanel=), Esc goes back keeping the dashboard in edit mode.
      await page.focus('[data-panel-id="1"]');
      await page.keyboard.press('e');
      await page.waitForURL(/[?&]editPanel=1(&|$)/);
      await page.waitForSelector('[role=dialog][aria-label="Edit panel"]');
      await expectNoSeriousViolations(page, 'panel editor');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role=dialog][aria-label="Edit panel"]', { state: 'detached' });
      expect(new URL(page.url()).searchParams.has('editPanel')).toBe(false);

      // A link with ?editPanel= opens the editor at once; with ?viewPanel= the panel alone.
      await page.goto('/d/e2e-overview?editPanel=1');
      await page.waitForSelector('[role=dialog][aria-label="Edit panel"]');
      await page.goto('/d/e2e-overview?viewPanel=1');
      await page.waitForSelector('.view-panel [data-panel-id="1"]');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reaches every panel and the time picker with Tab, with a visible focus ring', async () => {
    const server = await seeded();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-overview');
      await waitForPanels(page);
      const reached = new Set<string>();
      const ringless: string[] = [];
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = (globalThis as any).document.activeElement;
          const style = (globalThis as any).getComputedStyle(el);
          return {
            panel: el?.dataset?.panelId as string | undefined,
            label: (el?.getAttribute('aria-label') ?? '') as string,
            ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
            html: String(el?.outerHTML ?? '').slice(0, 120),
          };
        });
        if (focus.panel) reached.add(`panel ${focus.panel}`);
        if (focus.label) reached.add(focus.label);
        // Past the last control the focus leaves the page (body) and comes round again.
        if (!focus.ring && !focus.html.startsWith('<body')) ringless.push(focus.html);
      }
      expect([...reached].some((label) => label.startsWith('Time range: Last 6 hours'))).toBe(true);
      expect(reached).toContain('Zoom out');
      expect(reached).toContain('Refresh');
      expect(reached).toContain('panel 1');
      expect(reached).toContain('panel 2');
      expect(ringless).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe violations on the main pages', async () => {
    const server = await seeded();
    const { context, page, errors } = await newPage(server);
    try {
      await page.goto('/login');
      await page.waitForSelector('input[name=user]');
      await expectNoSeriousViolations(page, 'login');
      await openSignedIn(page, '/');
      await page.waitForSelector('.home-page');
      expect(await page.textContent('.home-page')).toContain('Getting started');
      expect(await page.textContent('.home-page')).not.toContain('not supported');
      await expectNoSeriousViolations(page, 'home');
      for (const [path, ready] of [
        ['/d/e2e-overview', '[data-panel-id]'],
        ['/dashboards', '.search-hit, .folder'],
        ['/explore', '.explore, main'],
        ['/connections/datasources', 'main'],
        ['/connections/datasources/new', 'main'],
        ['/connections/datasources/edit/e2e-testdata', 'form'],
        ['/alerting/list', 'main'],
      ] as const) {
        await page.goto(path);
        await page.waitForSelector(ready);
        if (path.startsWith('/d/')) await waitForPanels(page);
        else await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, path);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows starred and recently viewed dashboards and the first steps on the home page', async () => {
    const server = await seeded();
    expect(
      (await call(server, 'POST', '/api/user/stars/dashboard/uid/e2e-overview', { as: ADMIN })).status,
    ).toBe(200);
    await saveDashboard(server, axisDashboard());
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/');
      await page.waitForSelector('[data-list=starred] a');
      expect(await page.textContent('[data-list=starred]')).toContain('E2E Overview');
      expect(await page.$$eval('.home-step', (els) => els.map((e) => e.getAttribute('href')))).toEqual([
        '/connections/datasources/new',
        '/dashboard/new',
        '/dashboard/import',
      ]);
      await page.click('[data-list=starred] >> text=E2E Overview');
      await page.waitForURL(/\/d\/e2e-overview/);
      await page.waitForSelector('.dashboard-title');
      await page.goto('/d/e2e-axis');
      await page.waitForSelector('.dashboard-title');
      await page.goto('/');
      await page.waitForSelector('[data-list=recent] a');
      expect(await page.$$eval('[data-list=recent] a', (els) => els.map((e) => e.textContent))).toEqual([
        'Axis',
        'E2E Overview',
      ]);
      await screenshot(page, 'home-welcome');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws time-axis labels that never overlap at 400 and 1600 px, 5 m to 7 d', async () => {
    const server = await startTestServer();
    await createTestData(server);
    await saveDashboard(server, axisDashboard());
    const { context, page, errors } = await newPage(server, { viewport: { width: 1660, height: 900 } });
    try {
      await openSignedIn(page, '/d/e2e-axis');
      for (const range of ['now-5m', 'now-24h', 'now-7d']) {
        await page.goto(`/d/e2e-axis?from=${range}&to=now`);
        await waitForPanels(page);
        for (const [id, min, max] of [
          ['1', 1550, 1660],
          ['2', 380, 430],
        ] as const) {
          const host = `[data-panel-id="${id}"] .uplot-host`;
          await page.waitForSelector(`${host}[data-x-ticks]`);
          const width = await page.$eval(host, (el) => el.getBoundingClientRect().width);
          expect(width).toBeGreaterThanOrEqual(min);
          expect(width).toBeLessThanOrEqual(max);
          const ticks: { label: string; left: number; width: number }[] = JSON.parse(
            (await page.getAttribute(host, 'data-x-ticks'))!,
          );
          expect(ticks.length, `${range} panel ${id}`).toBeGreaterThanOrEqual(2);
          for (let i = 1; i < ticks.length; i++) {
            const previous = ticks[i - 1]!;
            expect(
              ticks[i]!.left,
              `${range} panel ${id}: ${previous.label} / ${ticks[i]!.label}`,
            ).toBeGreaterThan(previous.left + previous.width);
          }
          // Times, and the date (MM/DD) where the day changes; days only when hours do not fit.
          expect(ticks.every((t) => /^\d\d:\d\d(:\d\d)?$|^\d\d\/\d\d$/.test(t.label))).toBe(true);
          if (range === 'now-7d') expect(ticks.some((t) => t.label.includes('/'))).toBe(true);
        }
        await screenshot(page, `axis-${range}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
