import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';
import { freePort, startPrometheus } from '../helpers/prometheus.js';
import { recordResponses, screenshot } from './browser.js';
import { newPage, signIn, useChromium } from './session.js';

useChromium({ page: { viewport: { width: 1300, height: 1000 } } });

/** Signs in through the login page, which then leads to `path`. */
async function signInTo(page: Page, path: string, user?: string, password?: string): Promise<void> {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await signIn(page, user, password);
}

/** A form control by its exact label ("Password" must not find "Reset Password"). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const testResult = (page: Page) => field(page, 'Test result');

/** Adds a data source of `type` through the picker; resolves to its uid from the edit URL. */
async function addThroughPicker(page: Page, type: string): Promise<string> {
  await page.getByRole('link', { name: 'Add data source' }).click();
  await page.waitForURL(/\/connections\/datasources\/new$/);
  await page.getByRole('button', { name: type, exact: true }).click();
  await page.waitForURL(/\/connections\/datasources\/edit\/[^/]+$/);
  await field(page, 'Name').waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

const errorsExceptHealth = (errors: string[]) =>
  // A failed health check answers 400 (Grafana compat), which the console logs.
  errors.filter((e) => !(e.includes('400') && /\/health\b/.test(e)));

describe('data source pages in Chromium', () => {
  it('adds a Prometheus data source, saves & tests it against a real Prometheus, then shows a wrong URL failing', async () => {
    const prometheus = await startPrometheus();
    const server = await startTestServer();
    const { context, page, errors } = await newPage(server);
    try {
      // Grafana's old path leads to the new one.
      await signInTo(page, '/datasources');
      await page.waitForURL(/\/connections\/datasources$/);
      await page.getByText('No data sources defined yet.').waitFor();

      const uid = await addThroughPicker(page, 'Prometheus');
      expect(await field(page, 'Name').inputValue()).toBe('Prometheus');
      expect(await field(page, 'Default').isChecked()).toBe(true);
      await field(page, 'URL').fill(prometheus.url);
      await field(page, 'Scrape interval').fill('5s');
      await field(page, 'Query timeout').fill('30s');
      await field(page, 'HTTP method').selectOption('GET');
      await page.getByRole('button', { name: 'Add header' }).click();
      await field(page, 'Header 1 name').fill('X-Scope');
      await field(page, 'Header 1 value').fill('scope-secret-1');
      await page.getByRole('button', { name: 'Add header' }).click();
      await field(page, 'Header 2 name').fill('X-Other');
      await field(page, 'Header 2 value').fill('other-secret-2');
      await page.getByRole('button', { name: 'Save & test' }).click();

      await testResult(page).waitFor({ timeout: 20_000 });
      expect(await testResult(page).getAttribute('data-health')).toBe('OK');
      expect(await testResult(page).textContent()).toContain('Successfully queried the Prometheus API.');
      await screenshot(page, 'datasource-prometheus-ok');

      const saved = await call(server, 'GET', `/api/datasources/uid/${uid}`, { as: ADMIN });
      expect(saved.body).toMatchObject({
        name: 'Prometheus',
        type: 'prometheus',
        url: prometheus.url,
        access: 'proxy',
        isDefault: true,
        jsonData: {
          timeInterval: '5s',
          queryTimeout: '30s',
          httpMethod: 'GET',
          httpHeaderName1: 'X-Scope',
          httpHeaderName2: 'X-Other',
        },
        secureJsonFields: { httpHeaderValue1: true, httpHeaderValue2: true },
      });
      // Stored header values show as configured after the save.
      expect(await field(page, 'Header 1 value').inputValue()).toBe('configured');
      expect(await field(page, 'Header 1 value').isDisabled()).toBe(true);

      // Removing the first header renumbers the second, whose value cannot move: it must be typed again.
      await page.getByRole('button', { name: 'Remove header 1' }).click();
      expect(await field(page, 'Header 1 name').inputValue()).toBe('X-Other');
      expect(await field(page, 'Header 1 value').inputValue()).toBe('');
      await page.getByText('type it again').waitFor();
      await field(page, 'Header 1 value').fill('other-secret-2');

      // A URL where nothing listens: the failure comes back with the server's message.
      const deadUrl = `http://127.0.0.1:${await freePort()}`;
      await field(page, 'URL').fill(deadUrl);
      await page.getByRole('button', { name: 'Save & test' }).click();
      await expect
        .poll(() => testResult(page).getAttribute('data-health'), { timeout: 20_000 })
        .toBe('ERROR');
      const health = await call(server, 'GET', `/api/datasources/uid/${uid}/health`, { as: ADMIN });
      expect(health.status).toBe(400);
      expect(health.body.message).toContain('There was an error returned querying the Prometheus API.');
      expect(await testResult(page).textContent()).toContain(health.body.message);
      await screenshot(page, 'datasource-prometheus-failed');

      const after = await call(server, 'GET', `/api/datasources/uid/${uid}`, { as: ADMIN });
      expect(after.body.url).toBe(deadUrl);
      expect(after.body.jsonData.httpHeaderName1).toBe('X-Other');
      expect(after.body.jsonData).not.toHaveProperty('httpHeaderName2');
      expect(after.body.secureJsonFields).toEqual({ httpHeaderValue1: true });

      // The list shows name, type, URL and the default badge.
      await page.getByRole('link', { name: '← Data sources' }).click();
      const card = page.locator(`li[data-uid="${uid}"]`);
      await card.waitFor();
      const text = await card.textContent();
      expect(text).toContain('Prometheus');
      expect(text).toContain(deadUrl);
      expect(text).toContain('default');
      expect(errorsExceptHealth(errors)).toEqual([]);
    } finally {
      await context.close();
      await prometheus.stop();
    }
  }, 90_000);

  it('tests a PostgreSQL data source, never receives its password back, resets it, and deletes the data source', async () => {
    const server = await startTestServer();
    // Trust auth accepts any password: this one only proves that the secret never comes back.
    const password = `pg-secret-${Date.now()}`;
    const { context, page, errors } = await newPage(server);
    const responses = recordResponses(page, (url) => new URL(url).pathname.startsWith('/api/'));
    try {
      await signInTo(page, '/connections/datasources');
      await page.getByText('No data sources defined yet.').waitFor();
      const uid = await addThroughPicker(page, 'PostgreSQL');
      await field(page, 'Name').fill('Local PG');
      await field(page, 'Host').fill('127.0.0.1:5432');
      await field(page, 'Database').fill('postgres');
      await field(page, 'User').fill('postgres');
      await field(page, 'Password').fill(password);
      await field(page, 'TLS/SSL mode').selectOption('disable');
      await field(page, 'Max open connections').fill('4');
      await page.getByRole('button', { name: 'Save & test' }).click();

      await testResult(page).waitFor({ timeout: 20_000 });
      expect(await testResult(page).textContent()).toContain('Database Connection OK');
      expect(await testResult(page).getAttribute('data-health')).toBe('OK');
      expect(await field(page, 'Password').inputValue()).toBe('configured');
      await page.getByRole('button', { name: 'Reset Password' }).waitFor();
      await screenshot(page, 'datasource-postgres-ok');

      const saved = await call(server, 'GET', `/api/datasources/uid/${uid}`, { as: ADMIN });
      expect(saved.body).toMatchObject({
        name: 'Local PG',
        type: 'grafana-postgresql-datasource',
        url: '127.0.0.1:5432',
        user: 'postgres',
        jsonData: { database: 'postgres', sslmode: 'disable', maxOpenConns: 4 },
        secureJsonFields: { password: true },
      });

      // Reloading shows the stored password as configured, still without its value.
      await page.reload();
      await field(page, 'Password').waitFor();
      expect(await field(page, 'Password').inputValue()).toBe('configured');

      // Reset sends the password empty: the server drops it, and the form offers an input again.
      await page.getByRole('button', { name: 'Reset Password' }).click();
      expect(await field(page, 'Password').inputValue()).toBe('');
      await page.getByRole('button', { name: 'Save & test' }).click();
      await testResult(page).waitFor({ timeout: 20_000 });
      const reset = await call(server, 'GET', `/api/datasources/uid/${uid}`, { as: ADMIN });
      expect(reset.body.secureJsonFields).toEqual({});
      expect(await page.getByRole('button', { name: 'Reset Password' }).count()).toBe(0);

      // Delete asks first, then removes the data source and returns to the list.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('group', { name: 'Confirm deletion' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect((await call(server, 'GET', `/api/datasources/uid/${uid}`, { as: ADMIN })).status).toBe(200);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await page.waitForURL(/\/connections\/datasources$/);
      await page.getByText('No data sources defined yet.').waitFor();
      expect((await call(server, 'GET', `/api/datasources/uid/${uid}`, { as: ADMIN })).status).toBe(404);

      const bodies = await responses.bodies();
      expect(bodies.some((body) => body.includes('"secureJsonFields":{"password":true}'))).toBe(true);
      expect(bodies.filter((body) => body.includes(password))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('adds MySQL and TestData data sources with their own forms and numbers a repeated type name', async () => {
    const server = await startTestServer();
    const { context, page, errors } = await newPage(server);
    try {
      await signInTo(page, '/connections/datasources');
      await page.getByText('No data sources defined yet.').waitFor();
      const mysql = await addThroughPicker(page, 'MySQL');
      // MySQL has no sslmode setting; PostgreSQL's form does.
      expect(await field(page, 'TLS/SSL mode').count()).toBe(0);
      await field(page, 'Host').fill('127.0.0.1:3306');
      await field(page, 'User').fill('root');
      await page.getByRole('button', { name: 'Save & test' }).click();
      await testResult(page).waitFor({ timeout: 20_000 });
      expect(await testResult(page).textContent()).toContain('Database Connection OK');
      // Nothing was typed into the password: none is stored.
      expect(await field(page, 'Password').inputValue()).toBe('');
      const saved = await call(server, 'GET', `/api/datasources/uid/${mysql}`, { as: ADMIN });
      expect(saved.body).toMatchObject({
        type: 'mysql',
        url: '127.0.0.1:3306',
        user: 'root',
        isDefault: true,
      });
      expect(saved.body.secureJsonFields).toEqual({});

      await page.getByRole('link', { name: '← Data sources' }).click();
      const first = await addThroughPicker(page, 'TestData');
      expect(await field(page, 'URL').count()).toBe(0);
      expect(await field(page, 'Default').isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Save & test' }).click();
      await testResult(page).waitFor({ timeout: 20_000 });
      expect(await testResult(page).textContent()).toContain('Data source is working');
      await page.getByRole('link', { name: '← Data sources' }).click();
      const second = await addThroughPicker(page, 'TestData');
      expect(await field(page, 'Name').inputValue()).toBe('TestData-1');

      const list = await call(server, 'GET', '/api/datasources', { as: ADMIN });
      expect(list.body.map((ds: any) => [ds.uid, ds.name, ds.isDefault])).toEqual([
        [mysql, 'MySQL', true],
        [first, 'TestData', false],
        [second, 'TestData-1', false],
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows a Viewer the data sources without add, edit or delete controls', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: {
        name: 'Shared TestData',
        type: 'grafana-testdata-datasource',
        url: '',
        isDefault: true,
      },
    });
    expect(created.status).toBe(200);
    const prom = await call(server, 'POST', '/api/datasources', {
      as: ADMIN,
      body: {
        name: 'Team Prometheus',
        type: 'prometheus',
        url: 'http://127.0.0.1:9',
        basicAuth: true,
        basicAuthUser: 'scraper',
        secureJsonData: { basicAuthPassword: 'viewer-must-not-see' },
      },
    });
    expect(prom.status).toBe(200);
    const viewer = await createUser(server, { login: 'viewer' });
    const { context, page, errors } = await newPage(server);
    try {
      await signInTo(page, '/connections/datasources', viewer.login, viewer.password);
      await page.locator(`li[data-uid="${created.body.uid}"]`).waitFor();
      expect(await page.locator('.ds-card').count()).toBe(2);
      expect(await page.getByRole('link', { name: 'Add data source' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Team Prometheus' }).click();
      await field(page, 'Name').waitFor();
      expect(await field(page, 'Name').isDisabled()).toBe(true);
      expect(await field(page, 'URL').isDisabled()).toBe(true);
      expect(await field(page, 'Password').inputValue()).toBe('configured');
      expect(await page.getByRole('button', { name: 'Reset Password' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save & test' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add header' }).count()).toBe(0);
      await page.getByText('You may view this data source but not change it.').waitFor();
      await screenshot(page, 'datasource-viewer');

      // Viewers may query, so they may test; they may not add.
      await page.getByRole('button', { name: 'Test', exact: true }).click();
      await expect
        .poll(() => testResult(page).getAttribute('data-health'), { timeout: 20_000 })
        .toBe('ERROR');

      await page.goto('/connections/datasources/new');
      await page.getByText('You are not allowed to add data sources.').waitFor();
      expect(await page.getByRole('button', { name: 'Prometheus' }).count()).toBe(0);

      // The server agrees: the Viewer cannot write.
      const denied = await call(server, 'DELETE', `/api/datasources/uid/${prom.body.uid}`, { as: viewer.as });
      expect(denied.status).toBe(403);
      expect(errorsExceptHealth(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
