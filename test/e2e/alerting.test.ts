import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';
import { startHttpReceiver } from '../helpers/peers/http-receiver.js';
import { recordResponses, screenshot } from './browser.js';
import { newPage as newBrowserPage, openSignedIn, useChromium, type OpenedPage } from './session.js';

// A missing control fails its step with a message instead of running into the test timeout.
useChromium({ hookTimeout: 300_000, page: { stepTimeout: 15_000 } });

/** A page that keeps every response body it receives, to prove a secret never comes back. */
async function newPage(server: TestServer): Promise<OpenedPage & { bodies: () => Promise<string[]> }> {
  const opened = await newBrowserPage(server);
  const responses = recordResponses(opened.page, (url) => url.startsWith(server.url));
  return { ...opened, bodies: responses.bodies };
}

/** Polls until the UI settles (the machine running the tests may be busy). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const fieldError = (page: Page, path: string) => page.locator(`[data-field="${path}"] .field-error`);

describe('alerting pages in Chromium', () => {
  it('creates a webhook contact point with inline errors, keeps its secret out of every response, and tests it against a local receiver', async () => {
    const server = await startTestServer();
    const receiver = await startHttpReceiver();
    const secret = 'Pa55-e2e-very-secret';
    const { context, page, errors, bodies } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/notifications/receivers/new');
      await page.getByLabel('Name', { exact: true }).fill('e2e webhook');
      await page.getByLabel('Integration 1 type').selectOption('webhook');

      // Required field left empty: the catalogue says so, the message sits under the field.
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await eventually(() => fieldError(page, 'url').textContent()).toBe('URL is required');
      expect(await page.getByLabel('URL', { exact: true }).getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/hook`);
      expect(await fieldError(page, 'url').count()).toBe(0);
      await page.getByRole('button', { name: 'Optional Webhook settings' }).click();
      await page.getByLabel('HTTP Basic Authentication - Username').fill('alice');
      await page.getByLabel('HTTP Basic Authentication - Password').fill(secret);
      // A template the server cannot parse: its message comes back next to the Title field.
      await page.getByLabel('Title', { exact: true }).fill('{{ .Status | nofunc }}');
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await eventually(() => fieldError(page, 'title').textContent()).toContain(
        'function "nofunc" not defined',
      );
      expect(await fieldError(page, 'title').textContent()).toContain('invalid template in field "title"');
      await screenshot(page, 'alerting-template-error');
      expect(
        (await call(server, 'GET', '/api/v1/provisioning/contact-points?name=e2e%20webhook', { as: ADMIN }))
          .body,
      ).toEqual([]);

      await page.getByLabel('Title', { exact: true }).fill('E2E {{ .Status }}');
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/notifications');
      const row = page.locator('tr[data-contact-point="e2e webhook"]');
      await eventually(() => row.textContent()).toContain('Webhook');
      expect(await row.textContent()).toContain('No delivery attempts');

      const stored = await call(server, 'GET', '/api/v1/provisioning/contact-points?name=e2e%20webhook', {
        as: ADMIN,
      });
      expect(stored.body).toHaveLength(1);
      expect(stored.body[0]).toMatchObject({
        name: 'e2e webhook',
        type: 'webhook',
        settings: {
          url: `${receiver.url}/hook`,
          username: 'alice',
          password: '[REDACTED]',
          title: 'E2E {{ .Status }}',
        },
      });
      // Created by the UI: no provenance, so it stays editable in the UI.
      expect(stored.body[0].provenance).toBeUndefined();

      // The stored secret shows as "configured"; Test uses it without the page ever holding it.
      await row.getByRole('link', { name: 'Edit e2e webhook' }).click();
      await page.waitForURL(/\/alerting\/notifications\/receivers\/e2e%20webhook\/edit$/);
      await page.getByRole('button', { name: 'Optional Webhook settings' }).click();
      const password = page.getByLabel('HTTP Basic Authentication - Password', { exact: true });
      expect(await password.inputValue()).toBe('configured');
      expect(await password.isDisabled()).toBe(true);
      await eventually(() =>
        page.getByRole('button', { name: 'Reset HTTP Basic Authentication - Password' }).count(),
      ).toBe(1);

      await page.getByRole('button', { name: 'Test', exact: true }).click();
      const integration = page.getByRole('region', { name: 'Integration 1' });
      await eventually(() => integration.getByRole('status').textContent()).toBe('Test notification sent');
      const [request] = await receiver.waitFor(1);
      expect(request!.method).toBe('POST');
      expect(request!.path).toBe('/hook');
      expect(request!.headers.authorization).toBe(
        `Basic ${Buffer.from(`alice:${secret}`).toString('base64')}`,
      );
      expect(request!.json).toMatchObject({
        status: 'firing',
        state: 'alerting',
        version: '1',
        title: 'E2E firing',
        orgId: 1,
        truncatedAlerts: 0,
        commonLabels: { alertname: 'TestAlert', instance: 'Grafana' },
        alerts: [
          {
            status: 'firing',
            labels: { alertname: 'TestAlert', instance: 'Grafana' },
            annotations: { summary: 'Notification test' },
          },
        ],
      });
      expect(typeof request!.json.groupKey).toBe('string');
      expect(typeof request!.json.message).toBe('string');

      // A failing receiver: the per-integration result carries the server's message.
      receiver.reply({ status: 500, body: 'receiver exploded' });
      await page.getByRole('button', { name: 'Test', exact: true }).click();
      await eventually(() => integration.getByRole('status').textContent()).toMatch(
        /^Test failed: .*500.*receiver exploded/,
      );
      await screenshot(page, 'alerting-test-failed');

      // The list shows the last delivery from the history: the failed test.
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/notifications');
      await eventually(() => row.textContent()).toMatch(/Last delivery failed .*receiver exploded/);
      await screenshot(page, 'alerting-contact-points');

      const all = await bodies();
      expect(all.some((body) => body.includes('"secureFields"'))).toBe(true);
      expect(all.filter((body) => body.includes(secret))).toEqual([]);
      // The one failed load is the refused save of the bad template.
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        /status of 400 .*\/apis\/notifications\.alerting\.grafana\.app\/v0alpha1\/namespaces\/default\/receivers$/,
      );
    } finally {
      await context.close();
      await receiver.close();
    }
  });

  it('builds a contact point of two integrations from the catalogue in one request: key-value map, secret in a subform, showWhen field; reloads, removes one, adds one', async () => {
    const server = await startTestServer();
    const { context, page, errors, bodies } = await newPage(server);
    const saves: string[] = [];
    page.on('request', (request) => {
      if (['POST', 'PUT', 'DELETE'].includes(request.method())) saves.push(request.url());
    });
    try {
      await openSignedIn(page, '/alerting/notifications/receivers/new');
      await page.getByLabel('Name', { exact: true }).fill('multi');
      const first = page.getByRole('region', { name: 'Integration 1' });
      await first.getByLabel('Integration 1 type').selectOption('webhook');
      await first.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9/multi');
      await first.getByRole('button', { name: 'Optional Webhook settings' }).click();
      await first.getByRole('button', { name: 'Add Extra Headers' }).click();
      await first.getByLabel('Extra Headers key 1').fill('X-Team');
      await first.getByLabel('Extra Headers value 1').fill('db');
      await first.getByRole('button', { name: 'HMAC Signature' }).click();
      await first.getByLabel('Secret', { exact: true }).fill('hmac-e2e-secret');

      await page.getByRole('button', { name: 'Add integration' }).click();
      const second = page.getByRole('region', { name: 'Integration 2' });
      await second.getByLabel('Integration 2 type').selectOption('kafka');
      await second.getByLabel('Kafka REST Proxy').fill('http://127.0.0.1:9/kafka');
      await second.getByLabel('Topic', { exact: true }).fill('alerts');
      expect(await second.getByLabel('Cluster ID').count()).toBe(0);
      await second.getByRole('button', { name: 'Optional Kafka REST Proxy settings' }).click();
      await second.getByLabel('API version').selectOption('v3');
      // showWhen: the cluster id appears with API version v3, and it is required then.
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await eventually(() => second.locator('[data-field="kafkaClusterId"] .field-error').textContent()).toBe(
        'Cluster ID is required',
      );
      expect(await first.locator('.field-error').count()).toBe(0);
      await second.getByLabel('Cluster ID').fill('cluster-1');
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/notifications');

      const stored = await call(server, 'GET', '/api/v1/provisioning/contact-points?name=multi', {
        as: ADMIN,
      });
      expect(stored.body.map((i: any) => i.type).sort()).toEqual(['kafka', 'webhook']);
      const webhook = stored.body.find((i: any) => i.type === 'webhook');
      expect(webhook.settings).toEqual({
        url: 'http://127.0.0.1:9/multi',
        headers: { 'X-Team': 'db' },
        hmacConfig: { secret: '[REDACTED]' },
      });
      const kafka = stored.body.find((i: any) => i.type === 'kafka');
      expect(kafka.settings).toEqual({
        kafkaRestProxy: 'http://127.0.0.1:9/kafka',
        kafkaTopic: 'alerts',
        apiVersion: 'v3',
        kafkaClusterId: 'cluster-1',
      });

      // Both were stored in one request of the receivers API.
      expect(saves.filter((url) => url.includes('/receivers'))).toHaveLength(1);
      expect(saves.filter((url) => url.includes('/provisioning/contact-points'))).toEqual([]);

      // Reopened and reloaded: both are there; the secret in the subform shows as configured; the kafka integration goes.
      await page.locator('tr[data-contact-point="multi"]').getByRole('link', { name: 'Edit multi' }).click();
      await page.waitForURL(/\/receivers\/multi\/edit$/);
      await page.reload();
      await eventually(() => page.locator('section[data-type]').count()).toBe(2);
      expect(await page.locator('section[data-type="kafka"]').count()).toBe(1);
      // Integrations come back in the server's order (by uid): find them by type.
      const reopened = page.locator('section[data-type="webhook"]');
      await reopened.getByRole('button', { name: 'Optional Webhook settings' }).click();
      await eventually(() => reopened.getByLabel('Secret', { exact: true }).inputValue()).toBe('configured');
      expect(await reopened.getByLabel('Extra Headers value 1').inputValue()).toBe('db');
      await page
        .locator('section[data-type="kafka"]')
        .getByRole('button', { name: /^Remove integration \d$/ })
        .click();
      expect(await page.locator('section[data-type]').count()).toBe(1);
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/notifications');
      const after = await call(server, 'GET', '/api/v1/provisioning/contact-points?name=multi', {
        as: ADMIN,
      });
      expect(after.body).toHaveLength(1);
      expect(after.body[0]).toMatchObject({ uid: webhook.uid, type: 'webhook', settings: webhook.settings });

      // A second integration added to the stored contact point: saved, reloaded, both shown.
      await page.locator('tr[data-contact-point="multi"]').getByRole('link', { name: 'Edit multi' }).click();
      await eventually(() => page.locator('section[data-type]').count()).toBe(1);
      await page.getByRole('button', { name: 'Add integration' }).click();
      const added = page.getByRole('region', { name: 'Integration 2' });
      await added.getByLabel('Integration 2 type').selectOption('email');
      await added.getByLabel('Addresses').fill('oncall@example.com');
      await page.getByRole('button', { name: 'Save contact point' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/notifications');
      await page.goto('/alerting/notifications/receivers/multi/edit');
      await page.reload();
      await eventually(() => page.locator('section[data-type]').count()).toBe(2);
      expect(await page.locator('section[data-type="email"]').getByLabel('Addresses').inputValue()).toBe(
        'oncall@example.com',
      );
      expect(await page.locator('section[data-type="webhook"]').count()).toBe(1);
      const both = await call(server, 'GET', '/api/v1/provisioning/contact-points?name=multi', { as: ADMIN });
      expect(both.body.map((i: any) => i.type).sort()).toEqual(['email', 'webhook']);
      // The webhook's stored secret was kept through both saves without the page ever holding it.
      const decrypted = await call(
        server,
        'GET',
        '/api/v1/provisioning/contact-points/export?format=json&decrypt=true&name=multi',
        { as: ADMIN },
      );
      const stored2 = decrypted.body.contactPoints[0].receivers.find((r: any) => r.type === 'webhook');
      expect(stored2.settings.hmacConfig).toEqual({ secret: 'hmac-e2e-secret' });
      expect((await bodies()).filter((body) => body.includes('hmac-e2e-secret'))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds a nested policy with a matcher through the tree editor, and refuses to delete a contact point a policy uses', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      headers: { 'X-Disable-Provenance': 'true' },
      body: { name: 'pager', type: 'webhook', settings: { url: 'http://127.0.0.1:9/pager' } },
    });
    expect(created.status).toBe(202);
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/routes');
      const defaultReceiver = await page.getByLabel('Default contact point').inputValue();
      expect(defaultReceiver).toBe('svc-default-email');
      await page.getByRole('button', { name: 'Add nested policy', exact: true }).click();
      await page.getByLabel('Matcher 1 label').fill('severity');
      await page.getByLabel('Matcher 1 operator').selectOption('=~');
      await page.getByLabel('Matcher 1 value').fill('critical|page');
      await page.getByLabel('Contact point', { exact: true }).selectOption('pager');
      await page.getByLabel('Continue matching subsequent sibling policies').check();
      await page.getByLabel('Group wait override').fill('10s');
      await page.getByRole('button', { name: 'Save policies' }).click();
      await eventually(() => page.getByRole('alert').textContent()).toBe('Notification policies saved.');

      const tree = await call(server, 'GET', '/api/v1/provisioning/policies', { as: ADMIN });
      expect(tree.body.receiver).toBe('svc-default-email');
      expect(tree.body.routes).toEqual([
        {
          receiver: 'pager',
          object_matchers: [['severity', '=~', 'critical|page']],
          continue: true,
          group_wait: '10s',
        },
      ]);

      // A nested policy under the first one, then a bad timing the editor refuses before saving.
      await page.getByRole('button', { name: 'Add nested policy to Policy 1', exact: true }).click();
      await page.getByLabel('Matcher 1 label').fill('team');
      await page.getByLabel('Matcher 1 value').fill('db');
      await page.getByLabel('Repeat interval override').fill('soon');
      await page.getByRole('button', { name: 'Save policies' }).click();
      await eventually(() => page.getByRole('alert').textContent()).toContain(
        'Policy 1.1: repeat interval "soon"',
      );
      await page.getByLabel('Repeat interval override').fill('2h');
      await page.getByRole('button', { name: 'Save policies' }).click();
      await eventually(() => page.getByRole('alert').textContent()).toBe('Notification policies saved.');
      const nested = await call(server, 'GET', '/api/v1/provisioning/policies', { as: ADMIN });
      expect(nested.body.routes[0].routes).toEqual([
        { object_matchers: [['team', '=', 'db']], repeat_interval: '2h' },
      ]);
      await screenshot(page, 'alerting-policies');

      // The server's 409 for a contact point still used by a policy, shown on the list.
      await page.getByRole('link', { name: 'Contact points' }).click();
      const row = page.locator('tr[data-contact-point="pager"]');
      await eventually(() => row.textContent()).toContain('Used by 1 policy');
      await row.getByRole('button', { name: 'Delete pager' }).click();
      await row.getByRole('button', { name: 'Confirm delete' }).click();
      await eventually(() => page.getByRole('alert').textContent()).toBe(
        'Could not delete "pager": Receiver is used by one or more routes',
      );
      const still = await call(server, 'GET', '/api/v1/provisioning/contact-points?name=pager', {
        as: ADMIN,
      });
      expect(still.body).toHaveLength(1);
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('edits notification templates with the server’s parse errors inline', async () => {
    const server = await startTestServer();
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/notifications/templates/new');
      await page.getByLabel('Name', { exact: true }).fill('e2e-title');
      await page
        .getByLabel('Template', { exact: true })
        .fill('{{ define "e2e.title" }}{{ .Status | nofunc }}{{ end }}');
      await page.getByRole('button', { name: 'Save template' }).click();
      const contentError = page.locator('#template-content-error');
      await eventually(() => contentError.textContent()).toContain('Template is in invalid format');
      expect(await contentError.textContent()).toContain('nofunc');

      await page
        .getByLabel('Template', { exact: true })
        .fill('{{ define "e2e.title" }}[{{ .Status | toUpper }}]{{ end }}');
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.waitForURL((url) => url.pathname === '/alerting/notifications/templates');
      await eventually(() => page.locator('tr[data-template="e2e-title"]').count()).toBe(1);
      const saved = await call(server, 'GET', '/api/v1/provisioning/templates/e2e-title', { as: ADMIN });
      expect(saved.body.template).toBe('{{ define "e2e.title" }}[{{ .Status | toUpper }}]{{ end }}');
      expect(saved.body.provenance).toBe('');

      // Contact points can use it: a title calling it passes the server's template check.
      const used = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
        as: ADMIN,
        body: {
          name: 'uses-template',
          type: 'webhook',
          settings: { url: 'http://127.0.0.1:9/x', title: '{{ template "e2e.title" . }}' },
        },
      });
      expect(used.status).toBe(202);

      await page
        .locator('tr[data-template="e2e-title"]')
        .getByRole('button', { name: 'Delete e2e-title' })
        .click();
      await page.getByRole('button', { name: 'Confirm delete' }).click();
      await eventually(() => page.locator('tr[data-template="e2e-title"]').count()).toBe(0);
      expect((await call(server, 'GET', '/api/v1/provisioning/templates', { as: ADMIN })).body).toEqual([]);
      expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a Viewer the alerting pages without any create, edit, delete or test control', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server, { login: 'viewer1' });
    await call(server, 'PUT', '/api/v1/provisioning/templates/viewer-sees', {
      as: ADMIN,
      headers: { 'X-Disable-Provenance': 'true' },
      body: { template: '{{ define "v" }}v{{ end }}' },
    });
    const { context, page, errors } = await newPage(server);
    try {
      await openSignedIn(page, '/alerting/notifications', viewer.login, viewer.password);
      const row = page.locator('tr[data-contact-point="svc-default-email"]');
      await eventually(() => row.count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Add contact point' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
      expect(await row.getByRole('link', { name: 'View svc-default-email' }).count()).toBe(1);

      await row.getByRole('link', { name: 'View svc-default-email' }).click();
      await page.waitForURL(/\/receivers\/svc-default-email\/edit$/);
      await eventually(() => page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Integration 1 type').isDisabled()).toBe(true);
      expect(await page.getByLabel('Addresses').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save contact point' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Test', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add integration' }).count()).toBe(0);

      await page.getByRole('link', { name: 'Notification templates' }).click();
      await eventually(() => page.locator('tr[data-template="viewer-sees"]').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Add template' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);

      await page.getByRole('link', { name: 'Notification policies' }).click();
      await eventually(() => page.getByLabel('Default contact point').isDisabled()).toBe(true);
      expect(
        await page.getByRole('button', { name: /Add nested policy|Save policies|Edit Policy/ }).count(),
      ).toBe(0);
      await screenshot(page, 'alerting-viewer-policies');
      await page.goto('/alerting/notifications/receivers/new');
      await eventually(() => page.locator('.error-box').textContent()).toBe(
        'You do not have permission to create contact points.',
      );
      expect(await page.getByRole('button', { name: 'Save contact point' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('previews a new template live with sample alerts, shows the invalid_template error, saves nothing; no preview for a Viewer', async () => {
    const server = await startTestServer();
    const { context, page, errors } = await newPage(server);
    let previews = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/alertmanager/grafana/config/api/v1/templates/test')) previews += 1;
    });
    try {
      await openSignedIn(page, '/alerting/notifications/templates/new');
      await page.getByLabel('Name', { exact: true }).fill('e2e-preview');
      await page
        .getByLabel('Template', { exact: true })
        .fill(
          '{{ define "e2e.title" }}[{{ .Status | toUpper }}:{{ len .Alerts.Firing }}] {{ .CommonLabels.alertname }}{{ end }}\n' +
            '{{ define "e2e.body" }}{{ range .Alerts }}{{ .Labels.instance }}: {{ .Annotations.summary }}\n{{ end }}{{ end }}',
        );
      // Re-rendered on its own (debounced) with the two sample firing alerts.
      const result = (name: string) => page.locator(`[data-result="${name}"] pre`);
      await eventually(() => result('e2e.title').textContent()).toBe('[FIRING:2] InstanceDown');
      expect(await result('e2e.body').textContent()).toBe(
        'instance1: Instance instance1 has been down for more than 5 minutes\n' +
          'instance2: Instance instance2 has been down for more than 5 minutes\n',
      );
      expect(await page.locator('[data-result]').count()).toBe(2);
      await screenshot(page, 'alerting-template-preview');

      // Broken alerts JSON: an inline message, the button disabled, and no request.
      const alertsField = page.getByLabel('Preview alerts (JSON)');
      const sent = previews;
      await alertsField.fill('[{"labels": ');
      await eventually(() => page.locator('#template-preview-alerts-error').textContent()).toMatch(
        /^Alerts are not valid JSON: /,
      );
      expect(await alertsField.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('button', { name: 'Preview', exact: true }).isDisabled()).toBe(true);
      expect(await page.locator('[data-result]').count()).toBe(0);
      await page.waitForTimeout(1200);
      expect(previews).toBe(sent);

      // One alert, rendered on the Preview button.
      await alertsField.fill('[{"labels": {"alertname": "DiskFull", "instance": "db-1"}}]');
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await eventually(() => result('e2e.title').textContent()).toBe('[FIRING:1] DiskFull');
      expect(await result('e2e.body').textContent()).toBe('db-1: \n');
      expect(previews).toBeGreaterThan(sent);

      // A syntax error: the engine's parse error, styled as an error, and no results.
      await page
        .getByLabel('Template', { exact: true })
        .fill('{{ define "e2e.title" }}{{ .Status }{{ end }}');
      const failure = page.locator('.template-preview-error[data-kind="invalid_template"]');
      await eventually(() => failure.count()).toBe(1);
      expect(await failure.textContent()).toMatch(
        /^Invalid template in "e2e-preview" \(invalid_template\): template: e2e-preview:1: unexpected "}" in operand$/,
      );
      expect(await page.locator('[data-result]').count()).toBe(0);
      await screenshot(page, 'alerting-template-preview-error');

      // Previewing saved nothing.
      expect((await call(server, 'GET', '/api/v1/provisioning/templates', { as: ADMIN })).body).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // A Viewer (no alert.notifications:write) sees a saved template without a preview to run.
    const viewer = await createUser(server, { login: 'viewer2' });
    await call(server, 'PUT', '/api/v1/provisioning/templates/seen', {
      as: ADMIN,
      headers: { 'X-Disable-Provenance': 'true' },
      body: { template: '{{ define "seen" }}seen{{ end }}' },
    });
    const asViewer = await newPage(server);
    let viewerPreviews = 0;
    asViewer.page.on('request', (request) => {
      if (request.url().includes('/templates/test')) viewerPreviews += 1;
    });
    try {
      await openSignedIn(
        asViewer.page,
        '/alerting/notifications/templates/seen/edit',
        viewer.login,
        viewer.password,
      );
      await eventually(() => asViewer.page.locator('.template-preview').textContent()).toContain(
        'Previewing templates needs the alert.notifications:write permission.',
      );
      expect(await asViewer.page.getByRole('button', { name: 'Preview', exact: true }).count()).toBe(0);
      expect(await asViewer.page.getByLabel('Preview alerts (JSON)').count()).toBe(0);
      await asViewer.page.waitForTimeout(800);
      expect(viewerPreviews).toBe(0);
      expect(asViewer.errors).toEqual([]);
    } finally {
      await asViewer.context.close();
    }
  });
});
