import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { screenshot } from './browser.js';
import { createTestData, saveDashboard, TESTDATA } from './seed.js';
import { newPage, openSignedIn, useChromium, waitForPanels } from './session.js';

useChromium();

const stat = (title: string, value: number) => ({
  type: 'stat',
  title,
  datasource: TESTDATA,
  targets: [{ refId: 'A', datasource: TESTDATA, scenarioId: 'csv_content', csvContent: `value\n${value}` }],
  options: { reduceOptions: { calcs: ['lastNotNull'] } },
});

async function dashboard(server: TestServer, uid: string): Promise<any> {
  const response = await call(server, 'GET', `/api/dashboards/uid/${uid}`, { as: ADMIN });
  expect(response.status).toBe(200);
  return response.body.dashboard;
}

const connections = async (server: TestServer, uid: string) =>
  (await call(server, 'GET', `/api/library-elements/${uid}/connections`, { as: ADMIN })).body.result.map(
    (c: { connectionUid: string }) => c.connectionUid,
  );

describe('library panels in Chromium', () => {
  it('draws a dashboard’s library panel from its element, makes a panel one, unlinks it, and adds one', async () => {
    const server = await startTestServer();
    await createTestData(server);
    const element = await call(server, 'POST', '/api/library-elements', {
      as: ADMIN,
      body: { uid: 'shared-value', name: 'Shared value', kind: 1, model: stat('Shared stat', 42) },
    });
    expect(element.status, JSON.stringify(element.body)).toBe(200);
    const usesIt = await saveDashboard(server, {
      uid: 'uses-lib',
      title: 'Uses library',
      panels: [{ id: 1, gridPos: { x: 0, y: 0, w: 8, h: 4 }, libraryPanel: { uid: 'shared-value' } }],
    });
    const own = await saveDashboard(server, {
      uid: 'own-panel',
      title: 'Own panel',
      panels: [{ id: 1, gridPos: { x: 0, y: 0, w: 8, h: 4 }, ...stat('Own', 7) }],
    });
    expect(await connections(server, 'shared-value')).toEqual(['uses-lib']);

    const { context, page, errors } = await newPage(server);
    try {
      // The dashboard keeps only the reference: the element's model is drawn in its place.
      await openSignedIn(page, usesIt);
      await waitForPanels(page);
      await page.waitForSelector('[data-panel-id="1"] [data-testid=stat-value]');
      expect(await page.textContent('[data-panel-id="1"] [data-testid=stat-value]')).toBe('42');
      expect(await page.textContent('[data-panel-id="1"] .panel-title')).toBe('Shared stat');
      await screenshot(page, 'library-panel-view');

      // Edit mode: the own panel becomes a library panel in the dashboard's folder.
      await page.goto(own);
      await waitForPanels(page);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Create library panel from panel Own' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create library panel' });
      await dialog.getByLabel('Library panel name').fill('Own library');
      await dialog.getByRole('button', { name: 'Create library panel' }).click();
      await page.getByRole('button', { name: 'Unlink library panel Own' }).waitFor();
      await page.getByRole('button', { name: 'Save dashboard' }).click();
      const save = page.getByRole('dialog', { name: 'Save dashboard changes' });
      await save.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);

      const linked = (await dashboard(server, 'own-panel')).panels[0];
      expect(linked).toEqual({
        id: 1,
        gridPos: { x: 0, y: 0, w: 8, h: 4 },
        title: 'Own',
        libraryPanel: { uid: expect.any(String), name: 'Own library' },
      });
      const created = await call(server, 'GET', `/api/library-elements/${linked.libraryPanel.uid}`, {
        as: ADMIN,
      });
      expect(created.body.result).toMatchObject({ name: 'Own library', type: 'stat', model: stat('Own', 7) });
      expect(await connections(server, linked.libraryPanel.uid)).toEqual(['own-panel']);
      // still drawn, now from the element
      await page.waitForSelector('[data-panel-id="1"] [data-testid=stat-value]');
      expect(await page.textContent('[data-panel-id="1"] [data-testid=stat-value]')).toBe('7');

      // Unlink: the element's model becomes the dashboard's own panel again.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Unlink library panel Own' }).click();
      await page.getByRole('button', { name: 'Create library panel from panel Own' }).waitFor();
      await page.getByRole('button', { name: 'Save dashboard' }).click();
      await page
        .getByRole('dialog', { name: 'Save dashboard changes' })
        .getByRole('button', { name: 'Save', exact: true })
        .click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);
      const unlinked = (await dashboard(server, 'own-panel')).panels[0];
      expect(unlinked.libraryPanel).toBeUndefined();
      expect(unlinked).toMatchObject({ id: 1, ...stat('Own', 7) });
      expect(await connections(server, linked.libraryPanel.uid)).toEqual([]);

      // Add an existing library panel to the dashboard: found by search, drawn from its element.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Add library panel' }).click();
      const picker = page.getByRole('dialog', { name: 'Add library panel' });
      await picker.getByLabel('Search library panels').fill('shared');
      await expect
        .poll(() =>
          picker.getByRole('list', { name: 'Library panels' }).getByRole('button').allTextContents(),
        )
        .toEqual(['Shared value']);
      await picker.getByRole('button', { name: 'Shared value' }).click();
      await page.getByRole('button', { name: 'Unlink library panel Shared stat' }).waitFor();
      await page.getByRole('button', { name: 'Save dashboard' }).click();
      await page
        .getByRole('dialog', { name: 'Save dashboard changes' })
        .getByRole('button', { name: 'Save', exact: true })
        .click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(1);
      const added = (await dashboard(server, 'own-panel')).panels.find((p: any) => p.libraryPanel);
      expect(added).toMatchObject({
        id: 2,
        title: 'Shared stat',
        libraryPanel: { uid: 'shared-value', name: 'Shared value' },
      });
      expect(added.targets).toBeUndefined();
      expect(await connections(server, 'shared-value')).toEqual(['uses-lib', 'own-panel']);
      await page.waitForSelector('[data-panel-id="2"] [data-testid=stat-value]');
      expect(await page.textContent('[data-panel-id="2"] [data-testid=stat-value]')).toBe('42');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
