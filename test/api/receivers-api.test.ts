import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call, type Caller } from '../helpers/client.js';
import { createOrg, createUser, inOrg } from '../helpers/factories.js';

const GROUP = 'notifications.alerting.grafana.app';
const base = (namespace = 'default') => `/apis/${GROUP}/v0alpha1/namespaces/${namespace}/receivers`;
const CP = '/api/v1/provisioning/contact-points';
const uidOf = (name: string) => Buffer.from(name).toString('base64url');

interface Integration {
  uid: string;
  type: string;
  version: string;
  disableResolveMessage: boolean;
  settings: Record<string, unknown>;
  secureFields: Record<string, boolean>;
}
interface Receiver {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; resourceVersion: string; annotations: Record<string, string> };
  spec: { title: string; integrations: Integration[] };
}

const webhook = (settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type: 'webhook',
  settings: { url: 'http://127.0.0.1:9/hook', ...settings },
  ...extra,
});
const email = (addresses = 'ops@example.com') => ({ type: 'email', settings: { addresses } });
const body = (title: string, integrations: unknown[], metadata: Record<string, unknown> = {}) => ({
  apiVersion: `${GROUP}/v0alpha1`,
  kind: 'Receiver',
  metadata,
  spec: { title, integrations },
});

async function createReceiver(
  server: TestServer,
  title: string,
  integrations: unknown[],
  as: Caller = ADMIN,
) {
  const res = await call<Receiver>(server, 'POST', base(), { as, body: body(title, integrations) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('receivers API (notifications.alerting.grafana.app/v0alpha1)', () => {
  it('creates a contact point of several integrations in one request; gets, lists, and never shows a secret', async () => {
    const server = await startTestServer();
    const created = await createReceiver(server, 'ops team', [
      webhook(
        { username: 'u', password: 'hunter2-secret' },
        { uid: 'ops-hook', disableResolveMessage: true },
      ),
      email(),
    ]);
    expect(created).toMatchObject({
      apiVersion: `${GROUP}/v0alpha1`,
      kind: 'Receiver',
      metadata: {
        name: uidOf('ops team'),
        namespace: 'default',
        resourceVersion: expect.stringMatching(/^[0-9a-f]{16}$/),
        annotations: { 'grafana.com/provenance': 'none' },
      },
      spec: { title: 'ops team' },
    });
    const byType = (r: Receiver, type: string) => r.spec.integrations.find((i) => i.type === type)!;
    expect(created.spec.integrations).toHaveLength(2);
    expect(byType(created, 'webhook')).toEqual({
      uid: 'ops-hook',
      type: 'webhook',
      version: 'v1',
      disableResolveMessage: true,
      settings: { url: 'http://127.0.0.1:9/hook', username: 'u' },
      secureFields: { password: true },
    });
    expect(byType(created, 'email')).toMatchObject({
      uid: expect.stringMatching(/^[a-zA-Z0-9]{14}$/),
      settings: { addresses: 'ops@example.com' },
      secureFields: {},
    });

    const got = await call<Receiver>(server, 'GET', `${base()}/${uidOf('ops team')}`, { as: ADMIN });
    expect(got.status).toBe(200);
    expect(got.body.spec).toEqual(created.spec);
    expect(got.body.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    expect(got.body.metadata.annotations).toEqual({
      'grafana.com/provenance': 'none',
      'grafana.com/access/canWrite': 'true',
      'grafana.com/access/canDelete': 'true',
      'grafana.com/access/canAdmin': 'true',
      'grafana.com/access/canReadSecrets': 'true',
      'grafana.com/inUse/routes': '0',
      'grafana.com/inUse/rules': '0',
    });

    const list = await call(server, 'GET', base(), { as: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ apiVersion: `${GROUP}/v0alpha1`, kind: 'ReceiverList', metadata: {} });
    expect(list.body.items.map((r: Receiver) => r.spec.title)).toEqual(['ops team', 'svc-default-email']);
    // the default contact point is used by the default policy
    expect(list.body.items[1].metadata.annotations['grafana.com/inUse/routes']).toBe('1');

    // the provisioning API sees the same integrations under one name
    const flat = await call(server, 'GET', `${CP}?name=ops%20team`, { as: ADMIN });
    expect(flat.body.map((i: { uid: string }) => i.uid)).toContain('ops-hook');
    expect(flat.body).toHaveLength(2);
    for (const text of [JSON.stringify(created), JSON.stringify(got.body), JSON.stringify(list.body)]) {
      expect(text).not.toContain('hunter2-secret');
    }
    const decrypted = await call(server, 'GET', `${CP}/export?format=json&decrypt=true&name=ops%20team`, {
      as: ADMIN,
    });
    const stored = decrypted.body.contactPoints[0].receivers.find(
      (r: { uid: string }) => r.uid === 'ops-hook',
    );
    expect(stored.settings.password).toBe('hunter2-secret');
  });

  it('updates as a whole: keeps a secure field marked in secureFields, replaces, adds and removes integrations', async () => {
    const server = await startTestServer();
    const created = await createReceiver(server, 'pager', [
      webhook({ password: 'keep-me-secret', hmacConfig: { secret: 'hmac-old' } }, { uid: 'pager-hook' }),
      email(),
    ]);
    const hook = created.spec.integrations.find((i) => i.type === 'webhook')!;
    expect(hook.secureFields).toEqual({ password: true, 'hmacConfig.secret': true });
    const url = `${base()}/${created.metadata.name}`;

    // password left out but marked: kept; the HMAC secret given anew: replaced; email dropped; slack added
    const updated = await call<Receiver>(server, 'PUT', url, {
      as: ADMIN,
      body: body(
        'pager',
        [
          {
            ...hook,
            settings: { ...hook.settings, url: 'http://127.0.0.1:9/new', hmacConfig: { secret: 'hmac-new' } },
            secureFields: { password: true, 'hmacConfig.secret': true },
          },
          { type: 'slack', settings: { url: 'https://hooks.slack.example/services/x', title: 'hi' } },
        ],
        { name: created.metadata.name, resourceVersion: created.metadata.resourceVersion },
      ),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.spec.integrations.map((i) => i.type).sort()).toEqual(['slack', 'webhook']);
    expect(updated.body.metadata.resourceVersion).not.toBe(created.metadata.resourceVersion);
    const exported = await call(server, 'GET', `${CP}/export?format=json&decrypt=true&name=pager`, {
      as: ADMIN,
    });
    const receivers = exported.body.contactPoints[0].receivers as {
      uid: string;
      type: string;
      settings: any;
    }[];
    expect(receivers.find((r) => r.uid === 'pager-hook')!.settings).toEqual({
      url: 'http://127.0.0.1:9/new',
      password: 'keep-me-secret',
      hmacConfig: { secret: 'hmac-new' },
    });
    expect(receivers.find((r) => r.type === 'slack')!.settings.url).toBe(
      'https://hooks.slack.example/services/x',
    );

    // neither in settings nor in secureFields: the secret goes
    const current = updated.body;
    const cleared = await call<Receiver>(server, 'PUT', url, {
      as: ADMIN,
      body: body(
        'pager',
        current.spec.integrations.map((i) => (i.type === 'webhook' ? { ...i, secureFields: {} } : i)),
      ),
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.spec.integrations.find((i) => i.type === 'webhook')!.secureFields).toEqual({});

    // an old resourceVersion is a conflict
    const stale = await call(server, 'PUT', url, {
      as: ADMIN,
      body: body('pager', current.spec.integrations, { resourceVersion: created.metadata.resourceVersion }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Conflict',
      code: 409,
      messageId: 'alerting.notifications.receivers.conflict',
      message: `Provided version '${created.metadata.resourceVersion}' of receiver 'pager' does not match current version '${cleared.body.metadata.resourceVersion}'`,
    });
    const mismatch = await call(server, 'PUT', url, {
      as: ADMIN,
      body: body('pager', current.spec.integrations, { name: 'other' }),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(
      `the name of the object (other) does not match the name on the URL (${created.metadata.name})`,
    );
    const unknown = await call(server, 'PUT', `${base()}/${uidOf('nobody')}`, {
      as: ADMIN,
      body: body('nobody', [email()]),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`receivers.${GROUP} "${uidOf('nobody')}" not found`);
  });

  it('renames through PUT (409 onto another name, or while a policy uses it) and deletes (409 while used)', async () => {
    const server = await startTestServer();
    const first = await createReceiver(server, 'first', [email()]);
    await createReceiver(server, 'second', [email()]);
    const url = `${base()}/${first.metadata.name}`;

    const onto = await call(server, 'PUT', url, { as: ADMIN, body: body('SECOND', first.spec.integrations) });
    expect(onto.status).toBe(409);
    expect(onto.body).toMatchObject({
      reason: 'Conflict',
      message:
        "A contact point named 'second' already exists. Use a different name or update the existing one.",
    });

    const renamed = await call<Receiver>(server, 'PUT', url, {
      as: ADMIN,
      body: body('renamed', first.spec.integrations),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.metadata.name).toBe(uidOf('renamed'));
    expect(renamed.body.spec.integrations[0]!.uid).toBe(first.spec.integrations[0]!.uid);
    expect((await call(server, 'GET', url, { as: ADMIN })).status).toBe(404);

    const tree = {
      receiver: 'svc-default-email',
      routes: [{ receiver: 'renamed', object_matchers: [['a', '=', 'b']] }],
    };
    expect(
      (await call(server, 'PUT', '/api/v1/provisioning/policies', { as: ADMIN, body: tree })).status,
    ).toBe(202);
    const renamedUrl = `${base()}/${uidOf('renamed')}`;
    const usedRename = await call(server, 'PUT', renamedUrl, {
      as: ADMIN,
      body: body('again', renamed.body.spec.integrations),
    });
    expect(usedRename.status).toBe(409);
    expect(usedRename.body.message).toBe('Contact point is currently referenced by a notification policy.');
    const usedDelete = await call(server, 'DELETE', renamedUrl, { as: ADMIN });
    expect(usedDelete.status).toBe(409);
    expect(usedDelete.body).toMatchObject({
      kind: 'Status',
      code: 409,
      messageId: 'alerting.notifications.receivers.used',
      message: 'Receiver is used by one or more routes',
    });

    const second = `${base()}/${uidOf('second')}`;
    const deleted = await call<Receiver>(server, 'DELETE', second, { as: ADMIN });
    expect(deleted.status).toBe(200);
    expect(deleted.body.spec.title).toBe('second');
    expect((await call(server, 'GET', second, { as: ADMIN })).status).toBe(404);
    expect((await call(server, 'GET', `${CP}?name=second`, { as: ADMIN })).body).toEqual([]);
    expect((await call(server, 'DELETE', second, { as: ADMIN })).status).toBe(404);
    // the name is free again
    await createReceiver(server, 'second', [email()]);
  });

  it('validates in SPEC order and answers 400 {message} with the integration named', async () => {
    const server = await startTestServer();
    await createReceiver(server, 'taken', [email()]);
    const post = (title: string, integrations: unknown[], metadata?: Record<string, unknown>) =>
      call(server, 'POST', base(), { as: ADMIN, body: body(title, integrations, metadata) });
    const detail = (type: string) => `failed to validate integration "taken" (UID ) of type "${type}": `;

    const type = await post('taken', [email(), { type: 'carrier-pigeon', settings: {} }]);
    expect(type.status).toBe(400);
    expect(type.body).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      code: 400,
      message: `Invalid receiver: '${detail('carrier-pigeon')}notifier carrier-pigeon is not supported'`,
      details: { causes: [{ field: 'spec.integrations[1]' }] },
    });
    const required = await post('taken', [{ type: 'webhook', settings: {} }]);
    expect(required.status).toBe(400);
    expect(required.body.message).toBe(
      `Invalid receiver: '${detail('webhook')}required field 'url' is not specified'`,
    );
    // the name wins over templates and URLs
    const name = await post('Taken', [webhook({ url: 'not a url', title: '{{ .Nope' })]);
    expect(name.status).toBe(409);
    expect(name.body.message).toBe(
      "A contact point named 'taken' already exists. Use a different name or update the existing one.",
    );
    const template = await post('fresh', [
      email(),
      webhook({ url: 'not a url', title: '{{ .Status | nope }}' }),
    ]);
    expect(template.status).toBe(400);
    expect(template.body.message).toContain('invalid template in field "title"');
    expect(template.body.details.causes[0].field).toBe('spec.integrations[1].settings.title');
    const url = await post('fresh', [webhook({ url: 'not a url' })]);
    expect(url.status).toBe(400);
    expect(url.body.message).toContain('invalid URL "not a url"');

    // the title and the integration list
    expect((await post('', [email()])).body.message).toBe(
      "Invalid receiver: 'name should not be an empty string'",
    );
    expect((await post('none', [])).body.message).toBe(
      "Invalid receiver: 'a receiver needs at least one integration'",
    );
    const longTitle = await post('t'.repeat(133), [email()]);
    expect(longTitle.status).toBe(400);
    expect(longTitle.body.message).toBe(
      'bad request data: body.spec.title must NOT have more than 132 characters',
    );
    const longBytes = await post('é'.repeat(67), [email()]);
    expect(longBytes.status).toBe(400);
    expect(longBytes.body.message).toBe("Invalid receiver: 'name is longer than 132 bytes (UTF-8)'");
    const longUid = await post('fresh', [{ ...email(), uid: 'u'.repeat(41) }]);
    expect(longUid.status).toBe(400);
    expect(longUid.body.message).toBe(
      'bad request data: body.spec.integrations.0.uid must NOT have more than 40 characters',
    );
    const longType = await post('fresh', [{ type: 'x'.repeat(65), settings: {} }]);
    expect(longType.body.message).toBe(
      'bad request data: body.spec.integrations.0.type must NOT have more than 64 characters',
    );
    const stringFlag = await post('fresh', [{ ...email(), disableResolveMessage: 'true' }]);
    expect(stringFlag.status).toBe(400);
    expect(stringFlag.body.message).toBe(
      'bad request data: body.spec.integrations.0.disableResolveMessage must be boolean',
    );
    const named = await post('fresh', [email()], { name: 'chosen' });
    expect(named.status).toBe(400);
    expect(named.body.message).toBe("object's metadata.name should be empty");

    // integration uids: unique within the receiver and across the organization
    const taken = (await call<Receiver>(server, 'GET', `${base()}/${uidOf('taken')}`, { as: ADMIN })).body;
    const usedUid = taken.spec.integrations[0]!.uid;
    const clash = await post('fresh', [{ ...email(), uid: usedUid }]);
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe(`Invalid receiver: 'integration with UID "${usedUid}" already exists'`);
    const twice = await post('fresh', [
      { ...email(), uid: 'same' },
      { ...email(), uid: 'same' },
    ]);
    expect(twice.body.message).toBe(`Invalid receiver: 'integration with UID "same" already exists'`);
    expect((await call(server, 'GET', `${CP}?name=fresh`, { as: ADMIN })).body).toEqual([]);
  });

  it('lets exactly one of 10 concurrent creates of one title win; the others are 409, never 5xx', async () => {
    const server = await startTestServer();
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(server, 'POST', base(), { as: ADMIN, body: body('crowded', [email(), webhook()]) }),
      ),
    );
    const statuses = attempts.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      JSON.stringify(attempts.map((r) => r.body)),
    ).toHaveLength(9);
    const stored = await call(server, 'GET', `${CP}?name=crowded`, { as: ADMIN });
    expect(stored.body).toHaveLength(2);
  });

  it('keeps organizations apart: namespaces map to orgs, another org’s namespace is 403, an unknown one 404', async () => {
    const server = await startTestServer();
    const org2 = await createOrg(server);
    const inOrg2 = inOrg(ADMIN, org2);
    const created = await call<Receiver>(server, 'POST', base(`org-${org2}`), {
      as: inOrg2,
      body: body('org2 only', [email()]),
    });
    expect(created.status).toBe(201);
    expect(created.body.metadata.namespace).toBe(`org-${org2}`);
    // the same title is free in org 1
    await createReceiver(server, 'org2 only', [email('one@example.com')]);

    const listed2 = await call(server, 'GET', base(`org-${org2}`), { as: inOrg2 });
    expect(listed2.body.items.map((r: Receiver) => r.spec.title)).toEqual(['org2 only', 'svc-default-email']);
    const forbidden = await call(server, 'GET', base(`org-${org2}`), { as: ADMIN });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
    expect((await call(server, 'GET', base('default'), { as: inOrg2 })).status).toBe(403);
    for (const namespace of ['org-1', 'nope', 'org-x', 'org-0']) {
      const missing = await call(server, 'GET', base(namespace), { as: ADMIN });
      expect(missing.status, namespace).toBe(404);
      expect(missing.body.message).toBe(`namespaces "${namespace}" not found`);
    }
    const fromOrg1 = await call<Receiver>(server, 'GET', `${base()}/${uidOf('org2 only')}`, { as: ADMIN });
    expect(fromOrg1.body.spec.integrations[0]!.settings).toEqual({ addresses: 'one@example.com' });
    expect(
      (
        await call(server, 'DELETE', `${base(`org-${org2}`)}/${uidOf('org2 only')}`, {
          as: ADMIN,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(server, 'DELETE', `${base(`org-${org2}`)}/${uidOf('org2 only')}`, { as: inOrg2 })).status,
    ).toBe(200);
    expect((await call(server, 'GET', `${base()}/${uidOf('org2 only')}`, { as: ADMIN })).status).toBe(200);
  });

  it('checks permissions: Viewers read, Editors write; provisioned contact points stay read-only here', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    const editor = await createUser(server, { orgRole: 'Editor' });
    expect((await call(server, 'GET', base())).status).toBe(401);
    const read = await call(server, 'GET', base(), { as: viewer.as });
    expect(read.status).toBe(200);
    expect(read.body.items[0].metadata.annotations['grafana.com/access/canWrite']).toBeUndefined();
    const denied = await call(server, 'POST', base(), { as: viewer.as, body: body('by-viewer', [email()]) });
    expect(denied.status).toBe(403);
    expect(denied.body).toHaveProperty('message');
    const made = await createReceiver(server, 'by-editor', [email()], editor.as);
    const url = `${base()}/${made.metadata.name}`;
    expect(
      (await call(server, 'PUT', url, { as: viewer.as, body: body('by-editor', [email()]) })).status,
    ).toBe(403);
    expect((await call(server, 'DELETE', url, { as: viewer.as })).status).toBe(403);
    expect(
      (await call(server, 'PUT', url, { as: editor.as, body: body('by-editor', [email('x@example.com')]) }))
        .status,
    ).toBe(200);

    // created by the provisioning API (provenance api): the receivers API may not change it
    const api = await call(server, 'POST', CP, {
      as: ADMIN,
      body: { name: 'by-api', type: 'email', settings: { addresses: 'a@example.com' } },
    });
    expect(api.status).toBe(202);
    const apiUrl = `${base()}/${uidOf('by-api')}`;
    const got = await call<Receiver>(server, 'GET', apiUrl, { as: ADMIN });
    expect(got.body.metadata.annotations['grafana.com/provenance']).toBe('api');
    const change = await call(server, 'PUT', apiUrl, {
      as: ADMIN,
      body: body('by-api', got.body.spec.integrations),
    });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe("cannot change provenance from 'api' to 'none'");
    expect((await call(server, 'DELETE', apiUrl, { as: ADMIN })).status).toBe(409);
  });
});
