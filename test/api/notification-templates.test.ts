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
