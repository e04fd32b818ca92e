import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { expectNoSeriousViolations } from './axe.js';
import { createTestData, overviewDashboard, saveDashboard, TESTDATA } from './seed.js';
import { newPage, openSignedIn, waitForPanels } from './session.js';
import { expectWalkable, tabWalk } from './tab-walk.js';
import { useChromium } from './session.js';

// Issue #21 item 6: the panel editor and Explore by keyboard alone. Tab reaches every control,
// each has a name a screen reader can say and a visible focus ring; axe-core finds nothing serious.

useChromium();

/** Presses Tab until the focus is on the panel `id` of the dashboard grid; fails after `limit` presses. */
async function tabToPanel(page: Page, id: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () => (globalThis as any).document.activeElement?.dataset?.panelId as string | undefined,
    );
    if (focused === id) return;
  }
  throw new Error(`Tab never reached panel ${id}`);
}

const editPanelParam = (page: Page) => new URL(page.url()).searchParams.get('editPanel');

async function seeded(): Promise<TestServer> {
  const server = await startTestServer();
  await createTestData(server);
  await saveDashboard(server, overviewDashboard());
  return server;
}

describe('the panel editor and Explore by keyboard', () => {
  it('opens the editor of the panel reached by Tab (or hovered) with e, and Esc leaves it for the dashboard', async () => {
    const server = await seeded();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-overview');
      await waitForPanels(page);
      await tabToPanel(page, '2');
      await page.keyboard.press('e');
      await page.waitForURL((url) => url.searchParams.get('editPanel') === '2');
      const editor = page.getByRole('dialog', { name: 'Edit panel' });
      await editor.waitFor();
      // the editor is the one of the panel that had the focus
      expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe('Availability');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      expect(editPanelParam(page)).toBeNull();
      expect(new URL(page.url()).pathname).toMatch(/^\/d\/e2e-overview/);

      // Back on the dashboard (now in edit mode), Tab and e open another panel's editor.
      await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
      await tabToPanel(page, '1');
      await page.keyboard.press('e');
      await editor.waitFor();
      // (the editor names the panel in the URL with history.replaceState: no navigation to wait for)
      await expect.poll(() => editPanelParam(page)).toBe('1');
      expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe('Random walk $host');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      expect(editPanelParam(page)).toBeNull();

      // With no panel focused, e edits the panel under the mouse (edit mode too, as in Grafana).
      await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
      await page.hover('[data-panel-id="2"] .panel-body');
      await page.keyboard.press('e');
      await editor.waitFor();
      expect(await editor.getByLabel('Title', { exact: true }).inputValue()).toBe('Availability');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps v, Esc, d r and t z in dashboard edit mode, as in view mode', async () => {
    const server = await seeded();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-overview?from=now-6h&to=now');
      await waitForPanels(page);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const toolbar = page.getByRole('toolbar', { name: 'Edit dashboard' });
      await toolbar.waitFor();
      await waitForPanels(page);
      const panelCount = await page.$$eval('[data-panel-id]', (els) => els.length);
      expect(panelCount).toBeGreaterThan(1);

      // v views the focused panel alone; the editor's toolbar stays; Esc goes back to the grid.
      await tabToPanel(page, '2');
      await page.keyboard.press('v');
      await page.waitForURL(/[?&]viewPanel=2(&|$)/);
      await page.waitForSelector('.view-panel [data-panel-id="2"]');
      expect(await page.$$eval('[data-panel-id]', (els) => els.length)).toBe(1);
      expect(await toolbar.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('viewPanel'));
      await expect.poll(() => page.$$eval('[data-panel-id]', (els) => els.length)).toBe(panelCount);
      expect(await toolbar.isVisible()).toBe(true);

      // d r runs the panels' queries again.
      await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
      await waitForPanels(page);
      const queries: string[] = [];
      page.on('request', (r) => r.url().endsWith('/api/ds/query') && queries.push(r.url()));
      await page.keyboard.press('d');
      await page.keyboard.press('r');
      await expect.poll(() => queries.length).toBeGreaterThan(0);

      // t z doubles the 6 h range around its centre, the end kept at now.
      const before = Date.now();
      await page.keyboard.press('t');
      await page.keyboard.press('z');
      await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('from') ?? ''));
      const url = new URL(page.url());
      const span = Number(url.searchParams.get('to')) - Number(url.searchParams.get('from'));
      expect(span).toBeGreaterThan(8.9 * 3600_000);
      expect(span).toBeLessThanOrEqual(12 * 3600_000 + 1000);
      expect(Number(url.searchParams.get('from'))).toBeLessThan(before - 8.9 * 3600_000);
      // still editing
      expect(await toolbar.isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reaches, names and shows the focus of every panel editor control; axe finds nothing serious', async () => {
    const server = await seeded();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/d/e2e-overview?editPanel=1');
      await page.waitForSelector('[role=dialog][aria-label="Edit panel"]');
      await waitForPanels(page, '.panel-editor');
      const walk = await tabWalk(page, '.panel-editor');
      expect(walk.controls.length).toBeGreaterThan(20);
      expectWalkable(walk, 'panel editor');
      const names = walk.stops.map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining(['Apply', 'Discard', 'Title', 'Data source', 'Unit']));
      await expectNoSeriousViolations(page, 'panel editor');

      // Each visualization brings its own options: every one of them passes the same checks.
      const editor = page.getByRole('dialog', { name: 'Edit panel' });
      const kinds = await editor
        .getByRole('radiogroup', { name: 'Visualization' })
        .getByRole('radio')
        .allTextContents();
      expect(kinds.length).toBeGreaterThanOrEqual(14);
      for (const kind of kinds.filter((k) => k !== 'Time series')) {
        await editor.getByRole('radio', { name: kind, exact: true }).click();
        await expect
          .poll(() => editor.getByRole('radio', { name: kind, exact: true }).getAttribute('aria-checked'))
          .toBe('true');
        await waitForPanels(page, '.panel-editor');
        const options = await tabWalk(page, '.panel-editor-options', { fromInside: true });
        expectWalkable(options, `panel editor, ${kind}`);
        await expectNoSeriousViolations(page, `panel editor, ${kind}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reaches, names and shows the focus of every Explore control, with results and history shown', async () => {
    const server = await seeded();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/explore');
      const left = page.getByRole('region', { name: 'Left pane' });
      await left.getByLabel('Data source', { exact: true }).selectOption(TESTDATA.uid);
      await left.getByRole('button', { name: 'Run query' }).click();
      await left.locator('[aria-label="Graph"] canvas').first().waitFor();
      await expect
        .poll(() => left.getByRole('region', { name: 'Table' }).locator('td').count())
        .toBeGreaterThan(0);
      await left.getByRole('button', { name: 'Query history' }).click();
      await left.getByRole('region', { name: 'Query history' }).locator('li').first().waitFor();
      await expectNoSeriousViolations(page, 'Explore with results');
      const walk = await tabWalk(page, '.explore-page');
      expect(walk.controls.length).toBeGreaterThan(10);
      expectWalkable(walk, 'Explore');
      expect(walk.stops.map((s) => s.name)).toEqual(
        expect.arrayContaining(['Data source', 'Run query', 'Query history', 'Split']),
      );

      // Split by keyboard: Enter on the focused button opens the right pane, which axe checks too.
      await page.getByRole('button', { name: 'Split' }).focus();
      await page.keyboard.press('Enter');
      await page
        .getByRole('region', { name: 'Right pane' })
        .locator('[aria-label="Graph"] canvas')
        .first()
        .waitFor();
      await expectNoSeriousViolations(page, 'Explore split');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
