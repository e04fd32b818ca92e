import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const CP = '/api/v1/provisioning/contact-points';

const webhook = (
  name: string,
  settings: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  name,
  type: 'webhook',
  settings: { url: 'http://127.0.0.1:9/hook', ...settings },
  ...extra,
});

async function create(
  server: TestServer,
  body: unknown,
  as: Caller = ADMIN,
  headers?: Record<string, string>,
) {
  const res = await call(server, 'POST', CP, { as, body, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as {
    uid: string;
    name: string;
    type: string;
    settings: Record<string, unknown>;
    provenance?: string;
  };
}

const RECEIVERS = '/apis/notifications.alerting.grafana.app/v0alpha1/namespaces/default/receivers';

/** A contact point of several integrations, in one request of the receivers API (no provenance). */
async function createReceiver(server: TestServer, title: string, integrations: unknown[]) {
  const res = await call(server, 'POST', RECEIVERS, { as: ADMIN, body: { spec: { title, integrations } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { spec: { integrations: { uid: string; type: string }[] } };
}

const hook = (settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type: 'webhook',
  settings: { url: 'http://127.0.0.1:9/hook', ...settings },
  ...extra,
});

describe('contact points: provisioning API', () => {
  it('creates, lists, filters, updates and deletes integrations grouped by name', async () => {
    const server = await startTestServer();
    const initial = await call(server, 'GET', CP, { as: ADMIN });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual([
      {
        uid: expect.any(String),
        name: 'svc-default-email',
        type: 'email',
        settings: { addresses: '<example@email.com>' },
        disableResolveMessage: false,
      },
    ]);

    const created = await create(server, webhook('single', { httpMethod: 'PUT' }, { uid: 'single-hook' }));
    expect(created).toEqual({
      uid: 'single-hook',
      name: 'single',
      type: 'webhook',
      settings: { url: 'http://127.0.0.1:9/hook', httpMethod: 'PUT' },
      disableResolveMessage: false,
      provenance: 'api',
    });
    // A contact point of two integrations comes from the receivers API (POST never joins one).
    const opsPoint = await createReceiver(server, 'ops', [
      hook({}, { uid: 'ops-hook' }),
      hook({}, { disableResolveMessage: true }),
    ]);
    const second = opsPoint.spec.integrations.find((i) => i.uid !== 'ops-hook')!;
    expect(second.uid).toMatch(/^[a-zA-Z0-9]{14}$/);
    // Grafana compat: types match case-insensitively and are stored in the catalogue's spelling
    const mixedCase = await create(server, { ...webhook('another'), type: 'WebHook' });
    expect(mixedCase.type).toBe('webhook');

    const list = await call(server, 'GET', CP, { as: ADMIN });
    expect(list.body.map((c: { name: string }) => c.name)).toEqual([
      'another',
      'ops',
      'ops',
      'single',
      'svc-default-email',
    ]);
    const ops = await call(server, 'GET', `${CP}?name=ops`, { as: ADMIN });
    expect(ops.body).toHaveLength(2);
    expect(ops.body.map((c: { uid: string }) => c.uid).sort()).toEqual(['ops-hook', second.uid].sort());

    const updated = await call(server, 'PUT', `${CP}/ops-hook`, {
      as: ADMIN,
      body: { ...webhook('ops', { url: 'http://127.0.0.1:9/other' }), uid: 'ignored' },
    });
    expect(updated.status).toBe(202);
    expect(updated.body).toEqual({ message: 'contactpoint updated' });
    const afterUpdate = await call(server, 'GET', `${CP}?name=ops`, { as: ADMIN });
    expect(afterUpdate.body.find((c: { uid: string }) => c.uid === 'ops-hook').settings).toEqual({
      url: 'http://127.0.0.1:9/other',
    });

    const deleted = await call(server, 'DELETE', `${CP}/ops-hook`, { as: ADMIN });
    expect(deleted.status).toBe(202);
    expect(deleted.body).toEqual({ message: 'contactpoint deleted' });
    const afterDelete = await call(server, 'GET', `${CP}?name=ops`, { as: ADMIN });
    expect(afterDelete.body.map((c: { uid: string }) => c.uid)).toEqual([second.uid]);
    // Grafana compat: deleting an unknown uid succeeds.
    expect((await call(server, 'DELETE', `${CP}/nope`, { as: ADMIN })).status).toBe(202);
  });

  it('answers 404 for an unknown uid, 400 for a bad uid, 409 for a uid in use, 400 for a bad body', async () => {
    const server = await startTestServer();
    const missing = await call(server, 'PUT', `${CP}/nope`, { as: ADMIN, body: webhook('x') });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("object not found: contact point with uid 'nope' not found");

    const badUid = await call(server, 'POST', CP, { as: ADMIN, body: webhook('x', {}, { uid: 'bad uid!' }) });
    expect(badUid.status).toBe(400);
    expect(badUid.body.message).toBe(
      "invalid object specification: \ncannot create contact point with UID 'bad uid!': invalid format of UID. Only letters, numbers, '-' and '_' are allowed",
    );
    const longUid = await call(server, 'POST', CP, {
      as: ADMIN,
      body: webhook('x', {}, { uid: 'a'.repeat(41) }),
    });
    expect(longUid.status).toBe(400);
    expect(longUid.body.message).toBe('bad request data: body.uid must NOT have more than 40 characters');

    await create(server, webhook('first', {}, { uid: 'taken' }));
    const clash = await call(server, 'POST', CP, {
      as: ADMIN,
      body: webhook('second', {}, { uid: 'taken' }),
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      message:
        "Receiver configuration with UID 'taken' already exists in contact point 'first'. Please use unique identifiers for receivers across all contact points.",
      messageId: 'alerting.notifications.contact-points.uidInUse',
    });
    expect((await call(server, 'GET', `${CP}?name=second`, { as: ADMIN })).body).toEqual([]);

    const noType = await call(server, 'POST', CP, { as: ADMIN, body: { name: 'x', settings: {} } });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toBe('bad request data: body.type is required');
  });

  it('validates in SPEC order: type, required settings, name, templates, URLs', async () => {
    const server = await startTestServer();
    const post = (body: unknown) => call(server, 'POST', CP, { as: ADMIN, body });
    const prefix = (name: string, type: string) =>
      `invalid object specification: failed to validate integration "${name}" (UID ) of type "${type}": `;

    // unknown type wins over missing settings
    const type = await post({ name: 'cp', type: 'carrier-pigeon', settings: {} });
    expect(type.status).toBe(400);
    expect(type.body.message).toBe(
      `${prefix('cp', 'carrier-pigeon')}notifier carrier-pigeon is not supported`,
    );

    const long = await post(webhook('n'.repeat(133)));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('bad request data: body.name must NOT have more than 132 characters');
    // the receiver uid (base64url of the name) must fit the permission scopes: 132 bytes of UTF-8
    const longUtf8 = await post(webhook('é'.repeat(67)));
    expect(longUtf8.status).toBe(400);
    expect(longUtf8.body.message).toBe('invalid object specification: name is longer than 132 bytes (UTF-8)');
    await create(server, webhook('n'.repeat(132)));
    await create(server, webhook('é'.repeat(66)));
    const longType = await post({ name: 'cp', type: 't'.repeat(65), settings: {} });
    expect(longType.status).toBe(400);
    expect(longType.body.message).toBe('bad request data: body.type must NOT have more than 64 characters');
    // JSON types are not coerced
    const numericName = await post({ ...webhook('cp'), name: 12345 });
    expect(numericName.status).toBe(400);
    expect(numericName.body.message).toBe('bad request data: body.name must be string');

    const empty = await post({ name: 'cp', type: '', settings: { url: 'x' } });
    expect(empty.body.message).toBe('invalid object specification: type should not be an empty string');

    // missing required setting wins over a bad template
    const required = await post({ name: 'cp', type: 'webhook', settings: { title: '{{ .Nope' } });
    expect(required.status).toBe(400);
    expect(required.body.message).toBe(`${prefix('cp', 'webhook')}required field 'url' is not specified`);

    // a name in use (SPEC step 3) loses to an unsupported type and to a missing required setting…
    await create(server, webhook('Ops'));
    const typeOverName = await post({ name: 'Ops', type: 'carrier-pigeon', settings: { url: 'x' } });
    expect(typeOverName.status).toBe(400);
    expect(typeOverName.body.message).toContain('notifier carrier-pigeon is not supported');
    const requiredOverName = await post({ name: 'Ops', type: 'webhook', settings: {} });
    expect(requiredOverName.status).toBe(400);
    expect(requiredOverName.body.message).toBe(
      `${prefix('Ops', 'webhook')}required field 'url' is not specified`,
    );
    // …and wins over a bad template and a bad URL; a name differing only in case is the same name
    const taken = {
      message: "A contact point named 'Ops' already exists. Use a different name or update the existing one.",
      messageId: 'alerting.notifications.receivers.exists',
    };
    const name = await post(webhook('Ops', { url: 'not a url', title: '{{ .Nope' }));
    expect(name.status).toBe(409);
    expect(name.body).toEqual(taken);
    const otherCase = await post(webhook('ops', { url: 'not a url' }));
    expect(otherCase.status).toBe(409);
    expect(otherCase.body).toEqual(taken);

    // bad template wins over a bad URL; the message names field, line and position
    const template = await post(webhook('cp', { url: 'not a url', message: 'ok\n{{ .Status | nope }}' }));
    expect(template.status).toBe(400);
    expect(template.body.message).toMatch(
      /^invalid object specification: failed to validate integration "cp" \(UID \) of type "webhook": invalid template in field "message": template: message:2: function "nope" not defined$/,
    );
    const missingTemplate = await post(webhook('cp', { title: 'x {{ template "nope" . }}' }));
    expect(missingTemplate.status).toBe(400);
    expect(missingTemplate.body.message).toContain('invalid template in field "title": template: title:1:');
    expect(missingTemplate.body.message).toContain('template "nope" not defined');

    const url = await post(webhook('cp', { url: 'not a url' }));
    expect(url.status).toBe(400);
    expect(url.body.message).toBe(`${prefix('cp', 'webhook')}invalid URL "not a url"`);

    // templates saved in the org are usable from fields
    const saved = await call(server, 'PUT', '/api/v1/provisioning/templates/mine', {
      as: ADMIN,
      body: { template: '{{ define "my.title" }}hello{{ end }}' },
    });
    expect(saved.status).toBe(202);
    await create(server, webhook('cp', { title: '{{ template "my.title" . }}' }));
    expect((await call(server, 'GET', `${CP}?name=cp`, { as: ADMIN })).body).toHaveLength(1);
  });

  it('encrypts secure settings, never echoes them, keeps them on [REDACTED]', async () => {
    const server = await startTestServer();
    const created = await create(
      server,
      webhook('secret', {
        username: 'u',
        password: 'hunter2-secret',
        hmacConfig: { secret: 'hmac-secret-value' },
      }),
    );
    expect(created.settings).toEqual({
      url: 'http://127.0.0.1:9/hook',
      username: 'u',
      password: '[REDACTED]',
      hmacConfig: { secret: '[REDACTED]' },
    });
    const texts: string[] = [];
    for (const path of [CP, `${CP}/export`, `${CP}/export?format=json`, '/api/v1/notifications/receivers']) {
      const res = await call(server, 'GET', path, { as: ADMIN });
      expect(res.status).toBe(200);
      texts.push(JSON.stringify(res.body));
    }
    for (const text of texts) {
      expect(text).not.toContain('hunter2-secret');
      expect(text).not.toContain('hmac-secret-value');
    }
    const meta = await call(server, 'GET', '/api/v1/notifications/receivers', { as: ADMIN });
    const integration = meta.body.find((c: { name: string }) => c.name === 'secret').integrations[0];
    expect(integration.secureFields).toEqual({ password: true, 'hmacConfig.secret': true });
    expect(integration.settings).toEqual({ url: 'http://127.0.0.1:9/hook', username: 'u', hmacConfig: {} });

    // round trip of the GET body keeps the secrets; a new value replaces one
    const [current] = (await call(server, 'GET', `${CP}?name=secret`, { as: ADMIN })).body;
    const put = await call(server, 'PUT', `${CP}/${created.uid}`, {
      as: ADMIN,
      body: { ...current, settings: { ...current.settings, hmacConfig: { secret: 'new-hmac' } } },
    });
    expect(put.status).toBe(202);
    const decrypted = await call(server, 'GET', `${CP}/export?format=json&decrypt=true&name=secret`, {
      as: ADMIN,
    });
    expect(decrypted.status).toBe(200);
    expect(decrypted.body).toEqual({
      apiVersion: 1,
      contactPoints: [
        {
          orgId: 1,
          name: 'secret',
          receivers: [
            {
              uid: created.uid,
              type: 'webhook',
              settings: {
                url: 'http://127.0.0.1:9/hook',
                username: 'u',
                password: 'hunter2-secret',
                hmacConfig: { secret: 'new-hmac' },
              },
              disableResolveMessage: false,
            },
          ],
        },
      ],
    });
    const editor = await createUser(server, { orgRole: 'Editor' });
    const denied = await call(server, 'GET', `${CP}/export?decrypt=true`, { as: editor.as });
    expect(denied.status).toBe(403);
    expect(denied.body).toHaveProperty('message');

    // dropped from the body = removed
    await call(server, 'PUT', `${CP}/${created.uid}`, { as: ADMIN, body: webhook('secret') });
    const cleared = await call(server, 'GET', `${CP}?name=secret`, { as: ADMIN });
    expect(cleared.body[0].settings).toEqual({ url: 'http://127.0.0.1:9/hook' });
  });

  it('exports YAML by default', async () => {
    const server = await startTestServer();
    await create(server, webhook('yaml-cp', { password: 'p-secret' }, { uid: 'y1' }));
    const res = await call(server, 'GET', `${CP}/export?name=yaml-cp`, { as: ADMIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/yaml/);
    expect(res.body).toBe(
      [
        'apiVersion: 1',
        'contactPoints:',
        '  - orgId: 1',
        '    name: yaml-cp',
        '    receivers:',
        '      - uid: y1',
        '        type: webhook',
        '        settings:',
        '          url: http://127.0.0.1:9/hook',
        '          password: "[REDACTED]"',
        '        disableResolveMessage: false',
        '',
      ].join('\n'),
    );
  });

  it('records provenance: api, none with X-Disable-Provenance', async () => {
    const server = await startTestServer();
    const none = await create(server, webhook('plain'), ADMIN, { 'X-Disable-Provenance': '' });
    expect(none).not.toHaveProperty('provenance');
    const listed = await call(server, 'GET', `${CP}?name=plain`, { as: ADMIN });
    expect(listed.body[0]).not.toHaveProperty('provenance');
    // none → api is allowed; api → none is not
    expect(
      (await call(server, 'PUT', `${CP}/${none.uid}`, { as: ADMIN, body: webhook('plain') })).status,
    ).toBe(202);
    const back = await call(server, 'PUT', `${CP}/${none.uid}`, {
      as: ADMIN,
      body: webhook('plain'),
      headers: { 'X-Disable-Provenance': 'true' },
    });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe("cannot change provenance from 'api' to 'none'");
  });

  it('refuses to delete a contact point a notification policy uses (409)', async () => {
    const server = await startTestServer();
    await createReceiver(server, 'used', [hook({}, { uid: 'used-1' }), hook({}, { uid: 'used-2' })]);
    const tree = {
      receiver: 'svc-default-email',
      routes: [{ receiver: 'used', object_matchers: [['team', '=', 'a']] }],
    };
    expect(
      (await call(server, 'PUT', '/api/v1/provisioning/policies', { as: ADMIN, body: tree })).status,
    ).toBe(202);
    // another integration of the same contact point can go
    expect((await call(server, 'DELETE', `${CP}/used-1`, { as: ADMIN })).status).toBe(202);
    const refused = await call(server, 'DELETE', `${CP}/used-2`, { as: ADMIN });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Contact point is currently referenced by a notification policy.',
      messageId: 'alerting.notifications.contact-points.referenced',
    });
    expect((await call(server, 'GET', `${CP}?name=used`, { as: ADMIN })).body).toHaveLength(1);
    // renaming its last integration away would orphan the policy too
    const renamed = await call(server, 'PUT', `${CP}/used-2`, { as: ADMIN, body: webhook('elsewhere') });
    expect(renamed.status).toBe(409);
    expect(renamed.body.messageId).toBe('alerting.notifications.contact-points.referenced');
  });

  it('answers 409 for a name another contact point has, on POST and on rename; renames and splits otherwise', async () => {
    const server = await startTestServer();
    await create(server, webhook('alpha', {}, { uid: 'alpha-1' }));
    await create(server, webhook('beta', {}, { uid: 'beta-1' }));
    const again = await call(server, 'POST', CP, { as: ADMIN, body: webhook('alpha') });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      "A contact point named 'alpha' already exists. Use a different name or update the existing one.",
    );
    const onto = await call(server, 'PUT', `${CP}/beta-1`, { as: ADMIN, body: webhook('ALPHA') });
    expect(onto.status).toBe(409);
    expect(onto.body.message).toBe(
      "A contact point named 'alpha' already exists. Use a different name or update the existing one.",
    );
    expect((await call(server, 'GET', `${CP}?name=beta`, { as: ADMIN })).body).toHaveLength(1);

    // the only integration: the contact point is renamed (a change of case included)
    expect((await call(server, 'PUT', `${CP}/beta-1`, { as: ADMIN, body: webhook('Beta') })).status).toBe(
      202,
    );
    expect((await call(server, 'PUT', `${CP}/beta-1`, { as: ADMIN, body: webhook('gamma') })).status).toBe(
      202,
    );
    expect((await call(server, 'GET', `${CP}?name=gamma`, { as: ADMIN })).body).toHaveLength(1);
    // the old name is free again
    await create(server, webhook('beta'));

    // one of two integrations: it moves to a new contact point of that name
    await createReceiver(server, 'pair', [hook({}, { uid: 'pair-1' }), hook({}, { uid: 'pair-2' })]);
    expect((await call(server, 'PUT', `${CP}/pair-2`, { as: ADMIN, body: webhook('split') })).status).toBe(
      202,
    );
    const names = (await call(server, 'GET', CP, { as: ADMIN })).body.map(
      (c: { uid: string; name: string }) => [c.uid, c.name],
    );
    expect(names).toEqual(
      expect.arrayContaining([
        ['pair-1', 'pair'],
        ['pair-2', 'split'],
      ]),
    );
    // …but not into one that exists, nor to the same name in another case
    const into = await call(server, 'PUT', `${CP}/pair-1`, { as: ADMIN, body: webhook('split') });
    expect(into.status).toBe(409);
    await createReceiver(server, 'duo', [hook({}, { uid: 'duo-1' }), hook({}, { uid: 'duo-2' })]);
    expect((await call(server, 'PUT', `${CP}/duo-2`, { as: ADMIN, body: webhook('DUO') })).status).toBe(409);
  });

  it('lets exactly one of 10 concurrent creates of one name win; the others are 409, never 5xx', async () => {
    const server = await startTestServer();
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(server, 'POST', CP, {
          as: ADMIN,
          body: webhook(i % 2 ? 'race' : 'RACE', { title: `try ${i}` }),
        }),
      ),
    );
    const statuses = attempts.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 202),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      JSON.stringify(attempts.map((r) => r.body)),
    ).toHaveLength(9);
    for (const refused of attempts.filter((r) => r.status === 409)) {
      expect(refused.body.messageId).toBe('alerting.notifications.receivers.exists');
    }
    const list = (await call(server, 'GET', CP, { as: ADMIN })).body as { name: string }[];
    expect(list.filter((c) => c.name.toLowerCase() === 'race')).toHaveLength(1);

    // renames racing onto one free name: one wins
    const sources = [];
    for (let i = 0; i < 10; i++) sources.push(await create(server, webhook(`source-${i}`)));
    const renames = await Promise.all(
      sources.map((source) =>
        call(server, 'PUT', `${CP}/${source.uid}`, { as: ADMIN, body: webhook('target') }),
      ),
    );
    const renameStatuses = renames.map((r) => r.status);
    expect(
      renameStatuses.filter((s) => s === 202),
      JSON.stringify(renameStatuses),
    ).toHaveLength(1);
    expect(
      renameStatuses.filter((s) => s === 409),
      JSON.stringify(renameStatuses),
    ).toHaveLength(9);
  });

  it('keeps 40 concurrent saves of one new template name free of 5xx', async () => {
    const server = await startTestServer();
    const saves = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(server, 'PUT', '/api/v1/provisioning/templates/raced', {
          as: ADMIN,
          body: { template: `{{ define "raced" }}${i}{{ end }}` },
        }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(40).fill(202));
    const stored = await call(server, 'GET', '/api/v1/provisioning/templates', { as: ADMIN });
    expect(stored.body.map((t: { name: string }) => t.name)).toEqual(['raced']);
    // A name too long for its column never gets that far: Fastify refuses a path parameter over 100 characters.
    const tooLong = await call(server, 'PUT', `/api/v1/provisioning/templates/${'t'.repeat(191)}`, {
      as: ADMIN,
      body: { template: 'x' },
    });
    expect(tooLong.status).toBe(414);
  });

  it('lets Viewers read, Editors manage, and refuses anonymous callers', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    expect((await call(server, 'GET', CP)).status).toBe(401);
    expect((await call(server, 'GET', CP, { as: viewer.as })).status).toBe(200);
    const denied = await call(server, 'POST', CP, { as: viewer.as, body: webhook('v') });
    expect(denied.status).toBe(403);
    expect(denied.body).toHaveProperty('message');
    const made = await create(server, webhook('by-editor', { password: 'editor-secret' }), editor.as);
    expect(made.settings.password).toBe('[REDACTED]');
    expect(
      (await call(server, 'PUT', `${CP}/${made.uid}`, { as: viewer.as, body: webhook('v') })).status,
    ).toBe(403);
    expect((await call(server, 'DELETE', `${CP}/${made.uid}`, { as: viewer.as })).status).toBe(403);
    expect((await call(server, 'GET', `${CP}?name=by-editor`, { as: viewer.as })).body).toHaveLength(1);
    expect((await call(server, 'DELETE', `${CP}/${made.uid}`, { as: editor.as })).status).toBe(202);
  });

  it('grants receiver permissions on create and removes them on delete', async () => {
    const server = await startTestServer();
    const editor = await createUser(server, { orgRole: 'Editor' });
    const made = await create(server, webhook('perm'), editor.as);
    const scope = `receivers:uid:${Buffer.from('perm').toString('base64url')}`;
    const held = async () =>
      (await call(server, 'GET', '/api/access-control/user/permissions?reloadcache=true', { as: editor.as }))
        .body as Record<string, string[]>;
    // the creator is Admin of the new contact point: permissions and secrets on its scope
    expect((await held())['receivers.permissions:write']).toContain(scope);
    expect((await held())['alert.notifications.receivers.secrets:read']).toContain(scope);
    // renaming moves the contact point: the old scope goes, the new one gets the defaults
    const renamed = await call(server, 'PUT', `${CP}/${made.uid}`, { as: editor.as, body: webhook('perm2') });
    expect(renamed.status).toBe(202);
    const newScope = `receivers:uid:${Buffer.from('perm2').toString('base64url')}`;
    expect((await held())['receivers.permissions:write'] ?? []).not.toContain(scope);
    expect((await held())['alert.notifications.receivers:write']).toContain(newScope);
    expect((await call(server, 'DELETE', `${CP}/${made.uid}`, { as: editor.as })).status).toBe(202);
    expect((await held())['alert.notifications.receivers:write']).not.toContain(newScope);
  });

  it('keeps organizations apart', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    await create(server, webhook('org2-only', {}, { uid: 'o2' }), inOrg(ADMIN, org2));
    const fromOrg1 = await call(server, 'GET', CP, { as: ADMIN });
    expect(fromOrg1.body.map((c: { name: string }) => c.name)).toEqual(['svc-default-email']);
    const fromOrg2 = await call(server, 'GET', CP, { as: inOrg(ADMIN, org2) });
    expect(fromOrg2.body.map((c: { name: string }) => c.name)).toEqual(['org2-only', 'svc-default-email']);
    expect((await call(server, 'PUT', `${CP}/o2`, { as: ADMIN, body: webhook('x') })).status).toBe(404);
    // the same uid is free in org 1
    await create(server, webhook('org1', {}, { uid: 'o2' }));
  });

  it('validates and protects other integration types through the same API', async () => {
    const server = await startTestServer();
    const post = (body: unknown) => call(server, 'POST', CP, { as: ADMIN, body });
    const priority = await post({
      name: 'push',
      type: 'pushover',
      settings: { userKey: 'u', apiToken: 't', priority: 5 },
    });
    expect(priority.status).toBe(400);
    expect(priority.body.message).toBe(
      'invalid object specification: failed to validate integration "push" (UID ) of type "pushover": invalid priority: 5. Must be between -2 and 2',
    );
    const pushover = await create(server, {
      name: 'push',
      type: 'pushover',
      settings: { userKey: 'user-key-secret', apiToken: 'api-token-secret', priority: -2 },
    });
    expect(pushover.settings).toEqual({ userKey: '[REDACTED]', apiToken: '[REDACTED]', priority: -2 });

    const line = await create(server, {
      name: 'line',
      type: 'line',
      settings: { token: 'line-token-secret' },
    });
    expect(line).toMatchObject({ type: 'LINE', settings: { token: '[REDACTED]' } });

    const slack = await create(server, {
      name: 'slack',
      type: 'slack',
      settings: { url: 'https://hooks.slack.example/services/secret-path', title: '{{ .Status }}' },
    });
    expect(slack.settings).toEqual({ url: '[REDACTED]', title: '{{ .Status }}' });
    const noRecipient = await post({ name: 'slack2', type: 'slack', settings: { token: 'x' } });
    expect(noRecipient.status).toBe(400);
    expect(noRecipient.body.message).toContain('recipient must be specified when using the Slack chat API');

    const everything = JSON.stringify((await call(server, 'GET', CP, { as: ADMIN })).body);
    for (const secret of ['user-key-secret', 'api-token-secret', 'line-token-secret', 'secret-path']) {
      expect(everything).not.toContain(secret);
    }
  });
});
