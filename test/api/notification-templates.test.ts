import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const T = '/api/v1/provisioning/templates';

describe('notification templates', () => {
  it('saves, lists, reads and deletes template groups', async () => {
    const server = await startTestServer();
    expect((await call(server, 'GET', T, { as: ADMIN })).body).toEqual([]);

    const saved = await call(server, 'PUT', `${T}/mine`, {
      as: ADMIN,
      body: { template: '  {{ define "mine.title" }}[{{ .Status }}]{{ end }}\n' },
    });
    expect(saved.status).toBe(202);
    expect(saved.body).toEqual({
      name: 'mine',
      template: '{{ define "mine.title" }}[{{ .Status }}]{{ end }}',
      provenance: 'api',
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    // a group without define becomes the template named after it
    const plain = await call(server, 'PUT', `${T}/greeting`, {
      as: ADMIN,
      body: { template: 'Hello {{ .Status }}' },
    });
    expect(plain.status).toBe(202);

    const list = await call(server, 'GET', T, { as: ADMIN });
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(['greeting', 'mine']);
    const one = await call(server, 'GET', `${T}/mine`, { as: ADMIN });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(saved.body);

    const changed = await call(server, 'PUT', `${T}/mine`, {
      as: ADMIN,
      body: { template: '{{ define "mine.title" }}changed{{ end }}' },
    });
    expect(changed.body.version).not.toBe(saved.body.version);
    // a stale version is a conflict; the current one is accepted
    const stale = await call(server, 'PUT', `${T}/mine`, {
      as: ADMIN,
      body: { template: '{{ define "mine.title" }}stale{{ end }}', version: saved.body.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: `provided version ${saved.body.version} of template mine does not match current version ${changed.body.version}`,
      messageId: 'alerting.notifications.templates.conflict',
    });
    const current = await call(server, 'PUT', `${T}/mine`, {
      as: ADMIN,
      body: { template: '{{ define "mine.title" }}changed{{ end }}', version: changed.body.version },
    });
    expect(current.status).toBe(202);

    // a contact point field may use both
    const cp = await call(server, 'POST', '/api/v1/provisioning/contact-points', {
      as: ADMIN,
      body: {
        name: 'tpl',
        type: 'webhook',
        settings: {
          url: 'http://127.0.0.1:9/',
          title: '{{ template "mine.title" . }}',
          message: '{{ template "greeting" . }}',
        },
      },
    });
    expect(cp.status).toBe(202);

    const deleted = await call(server, 'DELETE', `${T}/greeting`, { as: ADMIN });
    expect(deleted.status).toBe(204);
    expect((await call(server, 'GET', `${T}/greeting`, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', T, { as: ADMIN })).body.map((t: { name: string }) => t.name)).toEqual([
      'mine',
    ]);
  });

  it('refuses invalid templates at save with the engine error', async () => {
    const server = await startTestServer();
    const bad = await call(server, 'PUT', `${T}/bad`, {
      as: ADMIN,
      body: { template: '{{ define "x" }}{{ .A | nope }}{{ end }}' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message:
        'Template is in invalid format. Correct the payload and try again: template: bad:1: function "nope" not defined',
      messageId: 'alerting.notifications.templates.invalidFormat',
    });
    const unclosed = await call(server, 'PUT', `${T}/bad`, {
      as: ADMIN,
      body: { template: '{{ define "x" }}\n{{ if .A }}' },
    });
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.message).toContain('template: bad:');
    const empty = await call(server, 'PUT', `${T}/bad`, { as: ADMIN, body: { template: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('invalid object specification: template must have content');
    const missingField = await call(server, 'PUT', `${T}/bad`, { as: ADMIN, body: {} });
    expect(missingField.status).toBe(400);
    expect((await call(server, 'GET', T, { as: ADMIN })).body).toEqual([]);
  });

  it('lets Viewers read and Editors write; keeps orgs apart', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    expect((await call(server, 'GET', T)).status).toBe(401);
    expect((await call(server, 'PUT', `${T}/v`, { as: viewer.as, body: { template: 'x' } })).status).toBe(
      403,
    );
    expect((await call(server, 'PUT', `${T}/e`, { as: editor.as, body: { template: 'x' } })).status).toBe(
      202,
    );
    expect((await call(server, 'GET', `${T}/e`, { as: viewer.as })).status).toBe(200);
    expect((await call(server, 'DELETE', `${T}/e`, { as: viewer.as })).status).toBe(403);

    const org2 = await createOrg(server);
    expect((await call(server, 'GET', T, { as: inOrg(ADMIN, org2) })).body).toEqual([]);
    expect((await call(server, 'GET', `${T}/e`, { as: inOrg(ADMIN, org2) })).status).toBe(404);
    expect((await call(server, 'DELETE', `${T}/e`, { as: editor.as })).status).toBe(204);
  });
});

describe('template preview (POST …/config/api/v1/templates/test)', () => {
  const TEST = '/api/alertmanager/grafana/config/api/v1/templates/test';
  const alerts = [
    {
      labels: { alertname: 'HighCPU', instance: 'web-1' },
      annotations: { summary: 'CPU at 97%' },
      startsAt: '2026-11-20T10:00:00Z',
    },
    { labels: { alertname: 'HighCPU', instance: 'web-2' }, startsAt: '2026-11-20T10:05:00Z' },
  ];

  it('renders every template the text defines with the given alerts, next to the org’s groups', async () => {
    const server = await startTestServer();
    const helper = await call(server, 'PUT', `${T}/helpers`, {
      as: ADMIN,
      body: {
        template:
          '{{ define "helpers.instances" }}{{ range .Alerts }}{{ .Labels.instance }} {{ end }}{{ end }}',
      },
    });
    expect(helper.status).toBe(202);
    const preview = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: {
        name: 'mine',
        template:
          '{{ define "mine.title" }}[{{ .Status | toUpper }}:{{ len .Alerts.Firing }}] {{ .CommonLabels.alertname }}{{ end }}' +
          '{{ define "mine.body" }}{{ template "helpers.instances" . }}| {{ .Receiver }} {{ .GroupLabels.group_label }}{{ end }}',
        alerts,
      },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      results: [
        { name: 'mine.title', text: '[FIRING:2] HighCPU', scope: 'root' },
        { name: 'mine.body', text: 'web-1 web-2 | TestReceiver group_label_value', scope: 'root' },
      ],
    });
    // Nothing was saved.
    expect((await call(server, 'GET', T, { as: ADMIN })).body.map((t: { name: string }) => t.name)).toEqual([
      'helpers',
    ]);

    // A text without define is the template named after the group (wrapped as when saved, so it
    // renders as it will when used); it replaces the saved group of that name.
    const plain = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: { name: 'helpers', template: 'Only {{ len .Alerts }} alerts', alerts },
    });
    expect(plain.body).toEqual({
      results: [{ name: 'helpers', text: '\n  Only 2 alerts\n', scope: 'root' }],
    });
  });

  it('reports parse and execution errors in the body, not as failures', async () => {
    const server = await startTestServer();
    const invalid = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: { name: 'broken', template: '{{ define "broken" }}{{ .Status }', alerts },
    });
    expect(invalid.status).toBe(200);
    expect(invalid.body).toEqual({
      errors: [{ name: 'broken', kind: 'invalid_template', message: expect.stringContaining('broken') }],
    });
    const failing = await call(server, 'POST', TEST, {
      as: ADMIN,
      body: {
        name: 'mixed',
        template: '{{ define "ok" }}fine{{ end }}{{ define "bad" }}{{ index .Alerts 5 }}{{ end }}',
        alerts,
      },
    });
    expect(failing.status).toBe(200);
    expect(failing.body).toEqual({
      results: [{ name: 'ok', text: 'fine', scope: 'root' }],
      errors: [
        { name: 'bad', kind: 'execute_error', message: expect.stringContaining('index out of range') },
      ],
    });
    const noTemplate = await call(server, 'POST', TEST, { as: ADMIN, body: { name: 'x' } });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.message).toContain('template');
  });

  it('needs alert.notifications:write (Editor) and is served under the svc path too', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    const body = { name: 't', template: 'hi', alerts: [] };
    const denied = await call(server, 'POST', TEST, { as: viewer.as, body });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/Permissions needed: alert.notifications:write$/);
    expect((await call(server, 'POST', TEST, { body })).status).toBe(401);
    const allowed = await call(server, 'POST', TEST.replace('/grafana/', '/svc/'), { as: editor.as, body });
    expect([allowed.status, allowed.body]).toEqual([
      200,
      { results: [{ name: 't', text: '\n  hi\n', scope: 'root' }] },
    ]);
  });
});
